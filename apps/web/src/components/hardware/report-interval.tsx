/**
 * How often a radio or unit reports (its reporting interval): past 1.5 intervals without a report
 * the server marks it overdue.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HardwareItem } from './hardware-items.ts';

export function ReportInterval({
  item,
}: {
  readonly item: HardwareItem;
  readonly areaId: number;
  readonly canEdit: boolean;
}) {
  const { t } = useTranslation();
  return <Text size="sm">{intervalText(item.reportIntervalSeconds, t)}</Text>;
}

export function intervalText(
  seconds: number | null,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (seconds === null) return '--';
  if (seconds % 3600 === 0) return t('Hardware.ReportInterval.Hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('Hardware.ReportInterval.Minutes', { count: seconds / 60 });
  return t('Hardware.ReportInterval.Seconds', { count: seconds });
}
