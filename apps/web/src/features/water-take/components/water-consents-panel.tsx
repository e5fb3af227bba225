/**
 * Water consents (issue 17; docs/water-take.md): the site's consents with their meters and each
 * meter's verification, and the last days' water-take files with whether the daily job produced
 * each, to download as produced (csv) or as made now (csv or xlsx). Mounted below the Add-ons
 * page by its route module (app/routes/main/addons.tsx), on a site that has a consent.
 */
import { Anchor, Badge, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { WaterConsent, WaterTakeFormat } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import {
  downloadProducedDay,
  downloadWaterTake,
  useWaterConsents,
  useWaterTakeDays,
} from '../data.ts';

const DAYS = 8;

const STATUS_COLORS: Record<string, string> = {
  produced: 'running',
  failed: 'fault',
  due: 'warning',
  notDue: 'gray',
};

export function WaterConsentsPanel({ siteId, enabled }: { siteId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const consents = useWaterConsents(siteId, { enabled });
  if (!consents.data || consents.data.consents.length === 0) return null;
  return (
    <Stack gap="xs" p="sm" data-testid="water-consents">
      <Title order={3} size="h5">
        {t('WaterTake.Title')}
      </Title>
      {consents.data.consents.map((consent) => (
        <ConsentCard key={consent.id} siteId={siteId} consent={consent} />
      ))}
    </Stack>
  );
}

function ConsentCard({ siteId, consent }: { siteId: number; consent: WaterConsent }) {
  const { t } = useTranslation();
  const days = useWaterTakeDays(siteId, consent.id, DAYS);
  const failed = () => notify({ level: 'error', message: t('WaterTake.DownloadFailed') });
  const live = (date: string, format: WaterTakeFormat) => () => {
    downloadWaterTake(siteId, consent, date, format).catch(failed);
  };
  return (
    <Stack gap={4} data-testid={`water-consent-${consent.consentNumber}`}>
      <Text size="sm" fw={600}>
        {consent.consentNumber}
        {consent.label ? ` · ${consent.label}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {t('WaterTake.Limits', {
          rate: consent.maxRateLps ?? '—',
          volume: consent.maxDailyVolumeM3 ?? '—',
        })}
      </Text>
      {consent.meters.map((meter) => (
        <Text key={meter.sensor} size="xs" data-verification-due={meter.verificationDue}>
          {meter.label}
          {meter.serialno ? ` (${meter.serialno})` : ''}
          {' · '}
          {meter.verifiedOn
            ? t('WaterTake.VerifiedOn', { date: meter.verifiedOn })
            : t('WaterTake.NotVerified')}
          {meter.verificationDue && (
            <Badge ml={4} size="xs" color="warning">
              {t('WaterTake.VerificationDue')}
            </Badge>
          )}
        </Text>
      ))}
      {days.data && (
        <ScrollArea type="auto">
          <Table fz="sm" miw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('WaterTake.Day')}</Table.Th>
                <Table.Th>{t('WaterTake.Status')}</Table.Th>
                <Table.Th ta="right">{t('WaterTake.Volume')}</Table.Th>
                <Table.Th ta="right">{t('WaterTake.Quality')}</Table.Th>
                <Table.Th>{t('WaterTake.Files')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.data.days.map((day) => (
                <Table.Tr key={day.date} data-status={day.status}>
                  <Table.Td>{day.date}</Table.Td>
                  <Table.Td>
                    <Badge size="xs" color={STATUS_COLORS[day.status]}>
                      {t(`WaterTake.Status.${day.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{day.volume === null ? '' : `${day.volume} m³`}</Table.Td>
                  <Table.Td ta="right">{day.quality ?? ''}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {day.status === 'produced' && (
                        <Anchor
                          component="button"
                          size="xs"
                          onClick={() => {
                            downloadProducedDay(siteId, consent, day.date).catch(failed);
                          }}
                        >
                          {t('WaterTake.Produced')}
                        </Anchor>
                      )}
                      <Anchor component="button" size="xs" onClick={live(day.date, 'csv')}>
                        csv
                      </Anchor>
                      <Anchor component="button" size="xs" onClick={live(day.date, 'xlsx')}>
                        xlsx
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
