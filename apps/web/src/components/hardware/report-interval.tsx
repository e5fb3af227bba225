/**
 * How often a radio or unit reports (its reporting interval; past 1.5 intervals without a report
 * the server marks it overdue, and its next report clears that). Users with the install
 * privilege change it here; the device is told within one overdue sweep.
 */
import { Select, Stack, Text } from '@mantine/core';
import { REPORT_INTERVAL_MAX_SECONDS, REPORT_INTERVAL_MIN_SECONDS } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { radioKeys } from '../../data/radios/keys.ts';
import { updateRadio } from '../../data/radios/update-radio.ts';
import { siteKeys } from '../../data/sites/keys.ts';
import { updateUnit } from '../../data/units/update-unit.ts';
import type { HardwareItem } from './hardware-items.ts';
import { ChangeableValue, SaveInPlace } from './setting-in-place.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The intervals offered, seconds: from a minute (a device being watched) to a day. */
const REPORT_INTERVAL_CHOICES = [
  60, 120, 300, 600, 900, 1800, 3600, 7200, 21_600, 43_200, 86_400,
].filter(
  (seconds) => seconds >= REPORT_INTERVAL_MIN_SECONDS && seconds <= REPORT_INTERVAL_MAX_SECONDS,
);

function intervalText(seconds: number | null, t: Translate): string {
  if (seconds === null) return '--';
  if (seconds % 3600 === 0) return t('Hardware.ReportInterval.Hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('Hardware.ReportInterval.Minutes', { count: seconds / 60 });
  return t('Hardware.ReportInterval.Seconds', { count: seconds });
}

export function ReportInterval({
  item,
  siteId,
  areaId,
  canEdit,
}: {
  readonly item: HardwareItem;
  readonly siteId: number;
  readonly areaId: number;
  readonly canEdit: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<string | null>(
    item.reportIntervalSeconds === null ? null : String(item.reportIntervalSeconds),
  );
  const save = useMutation({
    mutationFn: (seconds: number): Promise<unknown> =>
      item.kind === 'radio'
        ? updateRadio(item.id, { reportIntervalSeconds: seconds })
        : updateUnit(item.id, { reportIntervalSeconds: seconds }),
    onSuccess: async () => {
      setEditing(false);
      await queryClient.invalidateQueries({
        queryKey: item.kind === 'radio' ? radioKeys.area(areaId) : siteKeys.units(siteId),
      });
    },
  });
  const text = intervalText(item.reportIntervalSeconds, t);
  if (!canEdit) return <Text size="sm">{text}</Text>;
  if (!editing) {
    return (
      <ChangeableValue
        label={t('Hardware.ReportInterval.Change')}
        onChange={() => {
          save.reset();
          setEditing(true);
        }}
      >
        <Text size="sm" data-testid="report-interval">
          {text}
        </Text>
      </ChangeableValue>
    );
  }
  const seconds = new Set(REPORT_INTERVAL_CHOICES);
  if (item.reportIntervalSeconds !== null) seconds.add(item.reportIntervalSeconds);
  return (
    <Stack gap={4}>
      <Select
        size="xs"
        aria-label={t('Hardware.ReportInterval.Label')}
        data={[...seconds]
          .sort((a, b) => a - b)
          .map((value) => ({ value: String(value), label: intervalText(value, t) }))}
        value={choice}
        onChange={setChoice}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <SaveInPlace
        saving={save.isPending}
        disabled={choice === null}
        onSave={() => choice !== null && save.mutate(Number(choice))}
        onCancel={() => setEditing(false)}
      />
      {save.isError && (
        <Text size="xs" c="fault" role="alert">
          {t('Hardware.ReportInterval.Failed')}
        </Text>
      )}
    </Stack>
  );
}
