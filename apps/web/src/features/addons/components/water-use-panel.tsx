/**
 * Water used per zone (issue 14): each zone's volume and hours over the last days, its latest
 * flow against its usual flow (flagged when far from it), and the area's volume per day.
 */
import { Badge, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWaterUse } from '../../../data/water-use/get-water-use.ts';
import { formatValue } from './thing-values.tsx';

const DAYS = 14;

/** `enabled`: asked once the page's things are in, so it never delays the cards. */
export function WaterUsePanel({ areaId, enabled }: { areaId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const use = useWaterUse(areaId, DAYS, { enabled });
  if (!use.data) {
    return use.isError ? (
      <Text size="sm" c="fault" role="alert">
        {t('Addons.WaterUse.LoadFailed')}
      </Text>
    ) : null;
  }
  const { zones, days, unattributed } = use.data;
  if (use.data.meters.length === 0) return null;
  const dayTotals = days
    .map((day) => ({
      date: day.date,
      volume: day.zones.reduce((sum, zone) => sum + zone.volume, 0) + day.unattributed,
    }))
    .reverse();
  return (
    <Stack gap="xs" data-testid="water-use">
      <Title order={3} size="h5">
        {t('Addons.WaterUse.Title', { days: DAYS })}
      </Title>
      {zones.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Addons.WaterUse.NoRuns')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={480} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Addons.WaterUse.Zone')}</Table.Th>
                <Table.Th ta="right">{t('Addons.WaterUse.Volume')}</Table.Th>
                <Table.Th ta="right">{t('Addons.WaterUse.Hours')}</Table.Th>
                <Table.Th ta="right">{t('Addons.WaterUse.Flow')}</Table.Th>
                <Table.Th ta="right">{t('Addons.WaterUse.UsualFlow')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {zones.map((zone) => (
                <Table.Tr key={zone.section} data-flagged={zone.flagged}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {zone.label}
                      {zone.flagged && (
                        <Badge size="xs" color="warning">
                          {t('Addons.WaterUse.Flagged')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatValue(zone.volume, 'm³')}</Table.Td>
                  <Table.Td ta="right">{zone.hours.toFixed(1)}</Table.Td>
                  <Table.Td ta="right">{formatValue(zone.latestFlow, 'm³/h')}</Table.Td>
                  <Table.Td ta="right">{formatValue(zone.usualFlow, 'm³/h')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Text size="xs" c="dimmed">
        {t('Addons.WaterUse.Unattributed', { volume: formatValue(unattributed, 'm³') })}
      </Text>
      {dayTotals.length > 0 && (
        <Group gap="xs" wrap="wrap" aria-label={t('Addons.WaterUse.PerDay')}>
          {dayTotals.slice(0, 7).map((day) => (
            <Badge key={day.date} variant="outline" color="gray" size="sm" tt="none">
              {day.date}: {formatValue(Math.round(day.volume * 10) / 10, 'm³')}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
