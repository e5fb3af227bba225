/**
 * The chart's toolbar: title, §9 interval, average or high-low, date range, reset zoom and the
 * exports. Memoised: new data repaints the plot without re-rendering these inputs.
 */
import { Button, Group, Menu, SegmentedControl, Select, Text } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { CHART_OPTIONS, isOneOf, type ChartInterval, type ChartOption } from '@paddock/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERVAL_CHOICES, intervalLabelKey } from './chart-window.ts';

export type ChartExport = 'csv' | 'advancedCsv' | 'png';

export interface ChartToolbarProps {
  readonly title: string;
  /** null while a date range is chosen. */
  readonly interval: ChartInterval | null;
  /** The chart is fixed to a period: no interval or date range to choose. */
  readonly fixedWindow?: boolean;
  readonly option: ChartOption;
  /** The chosen date range as local days, first and last (inclusive). */
  readonly pickedDates: readonly [string | null, string | null];
  readonly zoomed: boolean;
  readonly exporting: boolean;
  readonly canExport: boolean;
  readonly onInterval: (interval: ChartInterval) => void;
  readonly onOption: (option: ChartOption) => void;
  readonly onDates: (days: readonly [string | null, string | null]) => void;
  readonly onResetZoom: () => void;
  readonly onExport: (kind: ChartExport) => void;
}

/** The §9 chart exports (csv, advanced csv, png), one menu for every chart that offers them. */
export function ChartExportMenu(props: {
  readonly exporting?: boolean;
  readonly canExport: boolean;
  readonly onExport: (kind: ChartExport) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          loading={props.exporting ?? false}
          disabled={!props.canExport}
        >
          {t('Chart.Export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => props.onExport('csv')}>{t('Chart.Export.csv')}</Menu.Item>
        <Menu.Item onClick={() => props.onExport('advancedCsv')}>
          {t('Chart.Export.advancedCsv')}
        </Menu.Item>
        <Menu.Item onClick={() => props.onExport('png')}>{t('Chart.Export.png')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const isInterval = (value: number): value is ChartInterval => isOneOf(INTERVAL_CHOICES, value);

export const ChartToolbar = memo(function ChartToolbar(props: ChartToolbarProps) {
  const { t, i18n } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text fw={600}>{props.title}</Text>
      <Group gap="xs" wrap="wrap">
        {!props.fixedWindow && (
          <Select
            aria-label={t('Chart.Interval')}
            size="xs"
            w={150}
            allowDeselect={false}
            data={INTERVAL_CHOICES.map((choice) => ({
              value: String(choice),
              label: t(intervalLabelKey(choice)),
            }))}
            value={props.interval === null ? null : String(props.interval)}
            placeholder={t('Chart.DateRange')}
            onChange={(value) => {
              const interval = Number(value);
              if (value !== null && isInterval(interval)) props.onInterval(interval);
            }}
          />
        )}
        <SegmentedControl
          size="xs"
          aria-label={t('Chart.Option')}
          data={[
            { value: String(CHART_OPTIONS.average), label: t('Chart.Option.average') },
            { value: String(CHART_OPTIONS.highLow), label: t('Chart.Option.highLow') },
          ]}
          value={String(props.option)}
          onChange={(value) =>
            props.onOption(
              Number(value) === CHART_OPTIONS.highLow
                ? CHART_OPTIONS.highLow
                : CHART_OPTIONS.average,
            )
          }
        />
        {!props.fixedWindow && (
          <DatesProvider settings={{ locale: i18n.language, consistentWeeks: true }}>
            <DatePickerInput
              type="range"
              size="xs"
              w={210}
              aria-label={t('Chart.DateRange')}
              placeholder={t('Chart.DateRange')}
              valueFormat="D MMM YYYY"
              value={[props.pickedDates[0], props.pickedDates[1]]}
              onChange={(value) => props.onDates([value[0] ?? null, value[1] ?? null])}
              clearable
              clearButtonProps={{ 'aria-label': t('Chart.DateRangeClear') }}
            />
          </DatesProvider>
        )}
        {props.zoomed && (
          <Button size="xs" variant="default" onClick={props.onResetZoom}>
            {t('Chart.ResetZoom')}
          </Button>
        )}
        <ChartExportMenu
          exporting={props.exporting}
          canExport={props.canExport}
          onExport={props.onExport}
        />
      </Group>
    </Group>
  );
});
