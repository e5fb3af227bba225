/**
 * The frost report console (issue 15): ask for a frost report of the area (compliance, fueling,
 * events, or the frost explorer of one night) over a night or a run of nights, as pdf, xlsx or csv; watch its progress; download it. Below,
 * the user's exports (6 a page, §9), shown as finished once done (§3).
 */
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import {
  frostNightOf,
  frostNightRange,
  frostReportFileKindSchema,
  type ExportFormat,
  type FrostReportFileKind,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateExport } from '../../../data/exports/create-export.ts';
import { downloadExport } from '../../../data/exports/download-export.ts';
import { useExports } from '../../../data/exports/get-exports.ts';
import { FrostExportsTable } from './frost-exports-table.tsx';

export interface FrostReportConsoleProps {
  areaId: number;
  /** The site's IANA zone: nights run local noon to noon. */
  timeZone: string;
  /** Now, for the default night (last night); the page's clock. */
  now?: Date;
}

const FORMATS: readonly ExportFormat[] = ['pdf', 'xlsx', 'csv'];
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

export function FrostReportConsole({ areaId, timeZone, now }: FrostReportConsoleProps) {
  const { t } = useTranslation();
  const lastNight = frostNightOf(now ?? new Date(), timeZone);
  const [kind, setKind] = useState<FrostReportFileKind>('frostCompliance');
  const [fromNight, setFromNight] = useState(lastNight);
  const [toNight, setToNight] = useState(lastNight);
  const [page, setPage] = useState(1);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const create = useCreateExport();
  const exports = useExports(page);

  const rangeOk = isDay(fromNight) && isDay(toNight) && fromNight <= toNight;
  const ask = (format: ExportFormat) => {
    if (!rangeOk) return;
    create.mutate({
      report: 'frostReport',
      kind,
      format,
      area: areaId,
      from: frostNightRange(fromNight, timeZone).from.toISOString(),
      // The explorer is one night: the first of the range.
      to: frostNightRange(
        kind === 'frostExplorer' ? fromNight : toNight,
        timeZone,
      ).to.toISOString(),
    });
  };

  const kindLabel = (value: FrostReportFileKind) => t(`Reports.Kind.${value}`);
  return (
    <Card withBorder data-testid="frost-report-console">
      <Stack gap="sm">
        <Title order={4}>{t('FrostReports.Title', 'Frost reports')}</Title>
        <Group align="end" wrap="wrap">
          <NativeSelect
            label={t('FrostReports.Report', 'Report')}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as FrostReportFileKind)}
            data={frostReportFileKindSchema.options.map((value) => ({
              value,
              label: kindLabel(value),
            }))}
          />
          <TextInput
            type="date"
            label={t('FrostReports.FromNight', 'From night')}
            value={fromNight}
            onChange={(event) => setFromNight(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('FrostReports.ToNight', 'To night')}
            value={toNight}
            onChange={(event) => setToNight(event.currentTarget.value)}
            error={
              rangeOk
                ? undefined
                : t('FrostReports.BadRange', 'The last night must not come before the first')
            }
          />
          {FORMATS.map((format) => (
            <Button
              key={format}
              variant="light"
              disabled={!rangeOk}
              loading={create.isPending && create.variables?.format === format}
              onClick={() => ask(format)}
            >
              {format.toUpperCase()}
            </Button>
          ))}
        </Group>
        {create.isError && (
          <Alert color="red">
            {t('FrostReports.AskFailed', 'The report could not be asked for')}
          </Alert>
        )}
        {downloadError && <Alert color="red">{downloadError}</Alert>}
        <FrostExportsTable
          items={exports.data?.items ?? []}
          timeZone={timeZone}
          onDownload={(item) => {
            setDownloadError(null);
            downloadExport(item.id, item.fileName ?? 'report').catch(() =>
              setDownloadError(
                t('FrostReports.DownloadFailed', 'The file could not be downloaded'),
              ),
            );
          }}
        />
        {(exports.data?.pages ?? 0) > 1 && (
          <Pagination total={exports.data?.pages ?? 1} value={page} onChange={setPage} size="sm" />
        )}
      </Stack>
    </Card>
  );
}
