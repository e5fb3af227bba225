/**
 * A link's devices heard but not provisioned (issue 32 item 1): each devEUI it heard that no radio
 * of the site has, with its last frame counter, when it was last seen and the best gateway's
 * signal. Giving a radio that devEUI (on the radio's detail) attaches the device.
 */
import { Stack, Table, Text } from '@mantine/core';
import { formatSiteDateTime } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useHeardDevices } from '../../../data/network-links/get-heard-devices.ts';

export function HeardDevices({
  siteId,
  linkId,
  timeZone,
}: {
  readonly siteId: number;
  readonly linkId: number;
  readonly timeZone: string;
}) {
  const { t } = useTranslation();
  const heard = useHeardDevices(siteId, linkId);
  const rows = heard.data ?? [];

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('NetworkLinks.Heard.Title')}
      </Text>
      {heard.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('NetworkLinks.Heard.LoadFailed')}
        </Text>
      ) : !heard.data ? (
        <Text size="sm" c="dimmed">
          {t('Common.Loading')}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('NetworkLinks.Heard.Empty')}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t('NetworkLinks.Heard.Hint')}
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <Table striped aria-label={t('NetworkLinks.Heard.Title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('NetworkLinks.Heard.DevEui')}</Table.Th>
                  <Table.Th>{t('NetworkLinks.Heard.FCnt')}</Table.Th>
                  <Table.Th>{t('NetworkLinks.Heard.LastSeen')}</Table.Th>
                  <Table.Th>{t('NetworkLinks.Heard.Signal')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((device) => (
                  <Table.Tr key={device.devEui}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {device.devEui}
                      </Text>
                    </Table.Td>
                    <Table.Td>{device.lastFCnt}</Table.Td>
                    <Table.Td>{formatSiteDateTime(new Date(device.lastSeen), timeZone)}</Table.Td>
                    <Table.Td>
                      {t('NetworkLinks.Heard.SignalValue', {
                        rssi: device.rssi ?? '–',
                        snr: device.snr ?? '–',
                      })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
