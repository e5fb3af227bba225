/**
 * The user's exports (issue 17; §3 Export request, §9 six a page), newest first: what each is of,
 * its status (new, inProgress, done shown as finished, failed), its progress while it is made
 * (the list is polled meanwhile, data/exports/get-exports.ts), the download once done and a
 * re-run that asks for the same report again.
 */
import { Alert, Pagination, Table, Text } from '@mantine/core';
import type { ExportCreateBody, ReportExport } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../../../data/exports/download-export.ts';
import { useExports } from '../../../data/exports/get-exports.ts';
import { ExportRow, type ExportReading } from './export-row.tsx';
import { ReportSection } from './report-section.tsx';
import { ReportTableHead } from './report-table-head.tsx';

export interface ExportListProps {
  reading: ExportReading;
  onRerun: (body: ExportCreateBody) => void;
  rerunning: boolean;
}

export function ExportList({ reading, onRerun, rerunning }: ExportListProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const exports = useExports(page);
  const items = exports.data?.items ?? [];

  const download = (item: ReportExport) => {
    setDownloadError(null);
    downloadExport(item.id, item.fileName ?? 'report').catch(() =>
      setDownloadError(t('Reports.DownloadFailed')),
    );
  };

  return (
    <ReportSection titleId="report-exports-title" title={t('Reports.Exports')}>
      {downloadError && (
        <Alert color="red" role="alert">
          {downloadError}
        </Alert>
      )}
      {exports.isError && !exports.data && (
        <Alert color="red" role="alert">
          {t('Reports.ListFailed')}
        </Alert>
      )}
      {exports.data && items.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('Reports.NoExports')}
        </Text>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-labelledby="report-exports-title">
            <ReportTableHead
              headings={[
                t('Reports.Column.Report'),
                t('Reports.Column.Status'),
                t('Reports.Column.Days'),
                t('Reports.Format'),
                t('Reports.Column.Scope'),
              ]}
            />
            <Table.Tbody>
              {items.map((item) => (
                <ExportRow
                  key={item.id}
                  item={item}
                  reading={reading}
                  onDownload={download}
                  onRerun={onRerun}
                  rerunning={rerunning}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(exports.data?.pages ?? 0) > 1 && (
        <Pagination
          total={exports.data?.pages ?? 1}
          value={page}
          onChange={setPage}
          size="sm"
          aria-label={t('Reports.Pages')}
        />
      )}
    </ReportSection>
  );
}
