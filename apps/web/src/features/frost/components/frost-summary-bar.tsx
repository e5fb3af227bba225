/**
 * The frost summary (issue 15 item 2, `frostSummary`): fans running now, the coldest canopy and
 * where, minutes below 0 °C tonight, the lowest fuel, the area's inversion now and its class
 * (issue 31), and the fans in fault with their reasons.
 */
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { CANOPY_TEMPERATURE_C, COLOURS, type FrostSummary } from '@paddock/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InversionBadge } from './inversion-badge.tsx';

function Tile({
  label,
  value,
  detail,
  testId,
  tone,
  badge,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
  tone?: 'running' | 'fault' | 'warning';
  /** Beside the value (a class badge). */
  badge?: ReactNode;
}) {
  const colour = tone ? COLOURS[tone] : undefined;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text fw={700} size="lg" {...(colour ? { style: { color: colour } } : {})}>
          {value}
        </Text>
        {badge}
      </Group>
      {detail && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {detail}
        </Text>
      )}
    </Paper>
  );
}

export function FrostSummaryBar({ summary }: { summary: FrostSummary | undefined }) {
  const { t, i18n } = useTranslation();
  if (!summary) return <Skeleton h={74} />;
  const number = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const coldest = summary.coldestCanopy;
  const inversion = summary.inversion;
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="frost-summary">
        <Tile
          testId="frost-summary-running"
          label={t('Frost.Summary.Running')}
          value={t('Frost.Summary.RunningValue', {
            running: summary.fansRunning,
            fans: summary.fans,
          })}
          {...(summary.fansRunning > 0 ? { tone: 'running' as const } : {})}
        />
        <Tile
          testId="frost-summary-coldest"
          label={t('Frost.Summary.Coldest')}
          value={coldest ? `${number(coldest.value)} °C` : '--'}
          {...(coldest ? { detail: coldest.label } : {})}
          {...(coldest && coldest.value < CANOPY_TEMPERATURE_C ? { tone: 'fault' as const } : {})}
        />
        <Tile
          testId="frost-summary-below-zero"
          label={t('Frost.Summary.BelowZero')}
          value={t('Frost.Summary.Minutes', { count: summary.minutesBelowZeroTonight })}
        />
        <Tile
          testId="frost-summary-fuel"
          label={t('Frost.Summary.LowestFuel')}
          value={summary.lowestFuel ? `${number(summary.lowestFuel.value)} %` : '--'}
          {...(summary.lowestFuel ? { detail: summary.lowestFuel.label } : {})}
        />
        <Tile
          testId="frost-summary-inversion"
          label={t('Frost.Summary.Inversion')}
          value={
            inversion ? `${inversion.value > 0 ? '+' : ''}${number(inversion.value)} °C` : '--'
          }
          detail={t('Frost.Summary.InversionDetail')}
          {...(inversion
            ? { badge: <InversionBadge inversionClass={inversion.class} size="sm" /> }
            : {})}
        />
      </SimpleGrid>
      {summary.faults.length > 0 && (
        <Group gap={6} data-testid="frost-summary-faults">
          <Text size="sm" fw={600} style={{ color: COLOURS.fault }}>
            {t('Frost.Summary.Faults', { count: summary.fansFault })}
          </Text>
          {summary.faults.map((fault) => (
            <Badge key={fault.sensor} color="red" variant="light">
              {fault.label}: {fault.reasons.map((reason) => t(`Frost.Fault.${reason}`)).join(', ')}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
