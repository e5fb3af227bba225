import { Badge, Group } from '@mantine/core';
import type { SiteBriefSummary } from '@paddock/domain';
import { useTranslation } from 'react-i18next';

/** A site's brief summary (§3) as badges: faults, warnings and running programs. */
export function SiteBriefBadges({ summary }: { summary: SiteBriefSummary | null | undefined }) {
  const { t } = useTranslation();
  const faults = summary?.faults ?? 0;
  const warnings = summary?.warnings ?? 0;
  const running = summary?.running ?? 0;
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={faults > 0 ? 'fault' : 'gray'} variant={faults > 0 ? 'filled' : 'light'}>
        {t('SiteBrief.Faults', { count: faults })}
      </Badge>
      <Badge
        color={warnings > 0 ? 'warning' : 'gray'}
        variant={warnings > 0 ? 'filled' : 'light'}
        autoContrast
      >
        {t('SiteBrief.Warnings', { count: warnings })}
      </Badge>
      <Badge color={running > 0 ? 'running' : 'gray'} variant={running > 0 ? 'filled' : 'light'}>
        {t('SiteBrief.Running', { count: running })}
      </Badge>
    </Group>
  );
}
