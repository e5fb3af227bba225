/**
 * The fields of the report request form: what the report is of (type, a frost report's kind, the
 * whole site or one area, some of its zones, meters and tanks, or a generic report's series and
 * resolution) and when (the days, read in the site's timezone) with its format.
 */
import {
  Group,
  Input,
  MultiSelect,
  NativeSelect,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  frostReportFileKindSchema,
  type Area,
  type ExportFormat,
  type ReportType,
  type Sensor,
} from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useAreaSections } from '../../../data/areas/get-area-sections.ts';
import { useAreaSensors } from '../../../data/sensors/get-area-sensors.ts';
import {
  REPORT_FORMATS,
  REPORT_TYPES,
  type ReportField,
  type ReportSearch,
} from '../report-search.ts';
import { frostKindLabelKey, reportTypeLabelKey } from './report-labels.ts';

/** Which areas a report type can be narrowed to. */
export function areasFor(report: ReportType, areas: readonly Area[]): readonly Area[] {
  switch (report) {
    case 'irrigationReport':
      return areas.filter((area) => area.type === 'irrigation');
    case 'frostReport':
      return areas.filter((area) => area.type === 'frost');
    case 'waterReport':
    case 'generic':
      return areas;
    case 'audit':
      // The audit log is the whole site's.
      return [];
  }
}

/** Water meters and tanks: what a water report is per thing of. */
const isWaterThing = (sensor: Sensor) => sensor.type === 'watermeter' || sensor.type === 'level';

const seriesValue = (sensor: number, metric: string) => `sensor:${sensor}:${metric}`;

/** What the scope can be narrowed to: the offered areas, the area's things and its series. */
export function useReportScopeOptions(search: ReportSearch, areas: readonly Area[]) {
  const offeredAreas = areasFor(search.report, areas);
  const area = search.area;
  const sections = useAreaSections(
    search.report === 'irrigationReport' && area !== null ? area : undefined,
  );
  const sensors = useAreaSensors(area ?? 0, {
    enabled: area !== null && (search.report === 'waterReport' || search.report === 'generic'),
  });

  const thingOptions =
    search.report === 'irrigationReport'
      ? [...(sections.data ?? [])]
          .sort((a, b) => a.number - b.number)
          .map((section) => ({ value: String(section.id), label: section.label }))
      : search.report === 'waterReport'
        ? (sensors.data ?? [])
            .filter(isWaterThing)
            .map((sensor) => ({ value: String(sensor.id), label: sensor.label }))
        : [];
  const seriesOptions = (sensors.data ?? []).flatMap((sensor) =>
    sensor.topics.map((topic) => ({
      value: seriesValue(sensor.id, topic.metric),
      label: `${sensor.label} · ${topic.metric}`,
    })),
  );
  return { offeredAreas, thingOptions, seriesOptions };
}

export interface ReportFieldsProps {
  readonly search: ReportSearch;
  readonly setSearch: (search: ReportSearch) => void;
  /** A field's message, once the user has tried to ask. */
  readonly message: (field: ReportField) => string | undefined;
}

export function ReportScopeFields({
  search,
  setSearch,
  message,
  options,
  onPickType,
}: ReportFieldsProps & {
  options: ReturnType<typeof useReportScopeOptions>;
  onPickType: (report: ReportType) => void;
}) {
  const { t } = useTranslation();
  const { offeredAreas, thingOptions, seriesOptions } = options;
  return (
    <Group align="flex-start" wrap="wrap" gap="sm">
      <NativeSelect
        label={t('Reports.Type')}
        value={search.report}
        onChange={(event) => onPickType(event.currentTarget.value as ReportType)}
        data={REPORT_TYPES.map((report) => ({
          value: report,
          label: t(reportTypeLabelKey(report)),
        }))}
      />
      {search.report === 'frostReport' && (
        <NativeSelect
          label={t('Reports.Kind')}
          value={search.kind}
          onChange={(event) => {
            const kind = frostReportFileKindSchema.safeParse(event.currentTarget.value);
            if (kind.success) setSearch({ ...search, kind: kind.data });
          }}
          data={frostReportFileKindSchema.options.map((kind) => ({
            value: kind,
            label: t(frostKindLabelKey(kind)),
          }))}
        />
      )}
      <NativeSelect
        label={t('Reports.Area')}
        value={search.area === null ? '' : String(search.area)}
        error={message('area')}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setSearch({
            ...search,
            area: value === '' ? null : Number(value),
            things: [],
            series: [],
          });
        }}
        data={[
          ...(search.report === 'frostReport'
            ? offeredAreas.length === 0
              ? [{ value: '', label: t('Reports.NoFrostArea') }]
              : []
            : [{ value: '', label: t('Reports.WholeSite') }]),
          ...offeredAreas.map((entry) => ({ value: String(entry.id), label: entry.label })),
        ]}
      />
      {(search.report === 'irrigationReport' || search.report === 'waterReport') && (
        <MultiSelect
          label={search.report === 'irrigationReport' ? t('Reports.Zones') : t('Reports.Meters')}
          placeholder={search.area === null ? t('Reports.PickAreaFirst') : t('Reports.AllInScope')}
          disabled={search.area === null}
          data={thingOptions}
          value={search.things.map(String)}
          onChange={(values) => setSearch({ ...search, things: values.map(Number) })}
          error={message('things')}
          searchable
          clearable
          miw={220}
          maw={420}
        />
      )}
      {search.report === 'generic' && (
        <>
          <MultiSelect
            label={t('Reports.Series')}
            placeholder={
              search.area === null ? t('Reports.PickAreaFirst') : t('Reports.PickSeries')
            }
            disabled={search.area === null}
            data={seriesOptions}
            value={search.series.map((entry) => seriesValue(entry.thing.id, entry.metric))}
            onChange={(values) =>
              setSearch({
                ...search,
                series: values.map((value) => {
                  const [, id, ...metric] = value.split(':');
                  return {
                    thing: { type: 'sensor' as const, id: Number(id) },
                    metric: metric.join(':'),
                  };
                }),
              })
            }
            error={message('series')}
            searchable
            clearable
            miw={220}
            maw={420}
          />
          <NativeSelect
            label={t('Reports.Resolution')}
            value={search.resolution}
            onChange={(event) =>
              setSearch({
                ...search,
                resolution:
                  event.currentTarget.value === 'raw' || event.currentTarget.value === 'day'
                    ? event.currentTarget.value
                    : 'hour',
              })
            }
            data={[
              { value: 'raw', label: t('Reports.Resolution.raw') },
              { value: 'hour', label: t('Reports.Resolution.hour') },
              { value: 'day', label: t('Reports.Resolution.day') },
            ]}
          />
        </>
      )}
    </Group>
  );
}

export function ReportDaysFields({ search, setSearch, message }: ReportFieldsProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" wrap="wrap" gap="sm">
      <TextInput
        type="date"
        label={t('Reports.From')}
        value={search.fromDay}
        onChange={(event) => setSearch({ ...search, fromDay: event.currentTarget.value })}
        error={message('fromDay')}
      />
      <TextInput
        type="date"
        label={t('Reports.To')}
        value={search.toDay}
        onChange={(event) => setSearch({ ...search, toDay: event.currentTarget.value })}
        error={message('toDay')}
      />
      <Stack gap={4}>
        <Input.Label id="report-format-label">{t('Reports.Format')}</Input.Label>
        <SegmentedControl
          aria-labelledby="report-format-label"
          value={search.format}
          onChange={(value) => setSearch({ ...search, format: value as ExportFormat })}
          data={REPORT_FORMATS.map((format) => ({
            value: format,
            label: format.toUpperCase(),
          }))}
        />
      </Stack>
    </Group>
  );
}
