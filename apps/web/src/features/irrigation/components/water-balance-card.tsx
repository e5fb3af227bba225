/**
 * The zone's soil water balance (issue 30 item 3): how far below field capacity its root zone
 * is, in mm and as % of RAW, on a bar from 0 to TAW with RAW marked; whether it is dry (past
 * RAW); today's ET0 × Kc (with the day it stands in from until today's is computed); the probe
 * that corrected it; the station it was read from; and a line when ET0 is missing.
 */
import { Badge, Box, Group, Progress, Stack, Text } from '@mantine/core';
import type { AreaWaterBalance, ZoneWaterBalance } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useWaterBalance } from '../../../data/water-balance/get-water-balance.ts';
import { SectionCard } from './section-card.tsx';

export function WaterBalanceCard({ areaId, sectionId }: { areaId: number; sectionId: number }) {
  const { t } = useTranslation();
  const balance = useWaterBalance(areaId);
  const zone = balance.data?.zones.find((entry) => entry.section === sectionId);
  return (
    <SectionCard title={t('Irrigation.WaterBalance.Title', 'Water balance')}>
      {balance.data && zone ? (
        <WaterBalanceBody balance={balance.data} zone={zone} />
      ) : (
        <Text size="sm" c="dimmed">
          {balance.isError
            ? t('Irrigation.WaterBalance.Unavailable', 'The water balance is not available.')
            : '…'}
        </Text>
      )}
    </SectionCard>
  );
}

function WaterBalanceBody({
  balance,
  zone,
}: {
  balance: AreaWaterBalance;
  zone: ZoneWaterBalance;
}) {
  const { t, i18n } = useTranslation();
  const share = (value: number) => (zone.taw > 0 ? Math.min(100, (value / zone.taw) * 100) : 0);
  const missingToday = balance.missingEt0.includes(balance.date);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600} data-testid="water-balance-depletion">
          {t(
            'Irrigation.WaterBalance.Depletion',
            '{{depletion}} mm below field capacity ({{percent}} % of RAW)',
            {
              depletion: zone.depletion,
              percent: zone.percentOfRaw,
            },
          )}
        </Text>
        <Badge color={zone.dry ? 'orange' : 'teal'} variant="light">
          {zone.dry
            ? t('Irrigation.WaterBalance.Dry', 'Dry')
            : t('Irrigation.WaterBalance.NotDry', 'Not dry')}
        </Badge>
      </Group>
      <Box pos="relative">
        <Progress
          value={share(zone.depletion)}
          color={zone.dry ? 'orange' : 'blue'}
          aria-label={t('Irrigation.WaterBalance.Bar', 'Depletion from 0 to TAW')}
        />
        {/* RAW marked on the bar: past it the crop is stressed. */}
        <Box
          pos="absolute"
          top={-3}
          bottom={-3}
          w={2}
          bg="dark"
          style={{ left: `${share(zone.raw)}%` }}
          aria-hidden
        />
      </Box>
      <Text size="xs" c="dimmed">
        {t('Irrigation.WaterBalance.Bounds', 'RAW {{raw}} mm of TAW {{taw}} mm', {
          raw: zone.raw,
          taw: zone.taw,
        })}
      </Text>
      <Text size="sm">
        {t('Irrigation.WaterBalance.Etc', 'Today: ET0 {{et0}} mm × Kc {{kc}} = {{etc}} mm', {
          et0: zone.today.et0,
          kc: zone.today.kc,
          etc: zone.today.etc,
        })}
      </Text>
      {balance.et0EstimatedFrom && (
        <Text size="xs" c="dimmed" data-testid="water-balance-et0-estimate">
          {t(
            'Irrigation.WaterBalance.Et0Estimated',
            'Today’s ET0 is computed once the day is over; until then {{date}}’s counts.',
            {
              date: balance.et0EstimatedFrom,
            },
          )}
        </Text>
      )}
      {zone.probe && (
        <Text size="xs" data-testid="water-balance-probe">
          {t(
            'Irrigation.WaterBalance.Probe',
            'Corrected toward {{probe}}: {{moisture}} % at {{time}}, {{depletion}} mm below field capacity',
            {
              probe: zone.probe.label,
              moisture: zone.probe.moisture,
              time: new Intl.DateTimeFormat(i18n.language, {
                timeZone: balance.timezone,
                day: 'numeric',
                month: 'short',
                hour: '2-digit',
                minute: '2-digit',
              }).format(new Date(zone.probe.at)),
              depletion: zone.probe.depletion,
            },
          )}
        </Text>
      )}
      {missingToday && (
        <Text size="sm" c="orange">
          {t('Irrigation.WaterBalance.MissingEt0', 'No ET0 for today yet: counted as 0 mm.')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {balance.et0Station
          ? t('Irrigation.WaterBalance.Station', 'ET0 from {{station}}', {
              station: balance.et0Station.label,
            })
          : t('Irrigation.WaterBalance.NoStation', 'No weather station with ET0')}
        {' · '}
        {balance.rainGauge
          ? t('Irrigation.WaterBalance.Gauge', 'rain from {{gauge}}', {
              gauge: balance.rainGauge.label,
            })
          : t('Irrigation.WaterBalance.NoGauge', 'no rain gauge')}
      </Text>
    </Stack>
  );
}
