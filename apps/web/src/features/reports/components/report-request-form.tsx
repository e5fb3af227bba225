/**
 * Asking for a report (issue 17): its type (and a frost report's kind), its scope (the whole site
 * or one area, and some of its zones, meters and tanks; a generic report picks series), the days
 * (read in the site's timezone) and the format. Each field shows its own message; the search is
 * remembered as `lastReportSearch` when it is asked for.
 */
import {
  Alert,
  Button,
  Card,
  Group,
  Input,
  MultiSelect,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  frostReportFileKindSchema,
  type Area,
  type ExportCreateBody,
  type ExportFormat,
  type ReportType,
  type Sensor,
} from '@paddock/domain';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaSections } from '../../../data/areas/get-area-sections.ts';
import { useAreaSensors } from '../../../data/sensors/get-area-sensors.ts';
import {
  exportBodyOf,
  hasErrors,
  REPORT_FORMATS,
  REPORT_TYPES,
  validateReportSearch,
  type FieldProblem,
  type ReportField,
  type ReportSearch,
} from '../report-search.ts';
import { frostKindLabelKey, reportTypeLabelKey } from './report-labels.ts';

export interface ReportRequestFormProps {
  siteId: number;
  areas: readonly Area[];
  timeZone: string;
  /** Where the form starts: the remembered search, or the default. */
  initial: ReportSearch;
  /** Asks for the report; the search is the one to remember. */
  onSubmit: (body: ExportCreateBody, search: ReportSearch) => void;
  submitting: boolean;
  /** Why the last ask failed, for the user; null when it did not. */
  submitError: string | null;
  /** The current search, for the scheduled reports below (they keep its choice without days). */
  onChange?: (search: ReportSearch) => void;
}

/** Which areas a report type can be narrowed to. */
function areasFor(report: ReportType, areas: readonly Area[]): readonly Area[] {
  switch (report) {
    case 'irrigationReport':
      return areas.filter((area) => area.type === 'irrigation');
    case 'frostReport':
      return areas.filter((area) => area.type === 'frost');
    case 'waterReport':
    case 'generic':
      return areas;
  }
}

/** Water meters and tanks: what a water report is per thing of. */
const isWaterThing = (sensor: Sensor) => sensor.type === 'watermeter' || sensor.type === 'level';

const seriesValue = (sensor: number, metric: string) => `sensor:${sensor}:${metric}`;

export function ReportRequestForm({
  siteId,
  areas,
  timeZone,
  initial,
  onSubmit,
  submitting,
  submitError,
  onChange,
}: ReportRequestFormProps) {
  const { t } = useTranslation();
  const [search, setSearchState] = useState<ReportSearch>(initial);
  // Messages show once the user has tried to ask, then follow every change.
  const [tried, setTried] = useState(false);
  const setSearch = (next: ReportSearch) => {
    setSearchState(next);
    onChange?.(next);
  };
  const errors = validateReportSearch(search);
  const message = (field: ReportField) => {
    const problem: FieldProblem | undefined = tried ? errors[field] : undefined;
    return problem ? t(problem.key, problem.values ?? {}) : undefined;
  };

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

  const pickType = (report: ReportType) => {
    const stillOffered = areasFor(report, areas).some((entry) => entry.id === search.area);
    setSearch({
      ...search,
      report,
      // A frost report is of one frost area: the first, when the site has one.
      area: stillOffered
        ? search.area
        : report === 'frostReport'
          ? (areasFor(report, areas)[0]?.id ?? null)
          : null,
      things: [],
      series: report === 'generic' ? search.series : [],
    });
  };

  const submit = () => {
    setTried(true);
    if (hasErrors(errors)) return;
    onSubmit(exportBodyOf(search, siteId, timeZone), search);
  };

  return (
    <Card withBorder component="section" aria-labelledby="report-request-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} id="report-request-title">
            {t('Reports.RequestTitle')}
          </Title>
          <Group align="flex-start" wrap="wrap" gap="sm">
            <NativeSelect
              label={t('Reports.Type')}
              value={search.report}
              onChange={(event) => pickType(event.currentTarget.value as ReportType)}
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
                label={
                  search.report === 'irrigationReport' ? t('Reports.Zones') : t('Reports.Meters')
                }
                placeholder={
                  search.area === null ? t('Reports.PickAreaFirst') : t('Reports.AllInScope')
                }
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
          <Text size="xs" c="dimmed">
            {t('Reports.TimeZoneNote', { timeZone })}
          </Text>
          {submitError && (
            <Alert color="red" role="alert">
              {submitError}
            </Alert>
          )}
          <Group>
            <Button
              type="submit"
              loading={submitting}
              leftSection={<IconFileDownload size={16} aria-hidden />}
            >
              {t('Reports.Request')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
