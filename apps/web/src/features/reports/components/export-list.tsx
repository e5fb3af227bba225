/**
 * The user's exports (issue 17; §3 Export request, §9 six a page), newest first: what each is of,
 * its status (new, inProgress, done shown as finished, failed), its progress while it is made
 * (the list is polled meanwhile, data/exports/get-exports.ts), the download once done and a
 * re-run that asks for the same report again.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { exportStatusLabel, type ExportCreateBody, type ReportExport } from '@paddock/domain';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../../../data/exports/download-export.ts';
import { useExports } from '../../../data/exports/get-exports.ts';
import { exportDays, rerunBody } from '../report-search.ts';
import { frostKindLabelKey, reportTypeLabelKey } from './report-labels.ts';

export interface ExportListProps {
  /** The site shown: its exports' days are read in its timezone, its areas named. */
  siteId: number;
  timeZone: string;
  areaLabels: ReadonlyMap<number, string>;
  /** Labels of the user's other sites, for exports made elsewhere. */
  siteLabels: ReadonlyMap<number, string>;
  onRerun: (body: ExportCreateBody) => void;
  rerunning: boolean;
}

export function ExportList({
  siteId,
  timeZone,
  areaLabels,
  siteLabels,
  onRerun,
  rerunning,
}: ExportListProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const exports = useExports(page);
  const items = exports.data?.items ?? [];

  const what = (item: ReportExport) =>
    item.report === 'frostReport' && item.kind
      ? `${t(reportTypeLabelKey(item.report))}: ${t(frostKindLabelKey(item.kind))}`
      : t(reportTypeLabelKey(item.report));
  const scope = (item: ReportExport) => {
    const place =
      item.site !== siteId
        ? (siteLabels.get(item.site) ?? t('Reports.OtherSite', { id: item.site }))
        : item.area === null
          ? t('Reports.WholeSite')
          : (areaLabels.get(item.area) ?? t('Reports.AreaNumber', { id: item.area }));
    const narrowed =
      item.series && item.series.length > 0
        ? t('Reports.SeriesCount', { count: item.series.length })
        : item.things.length > 0
          ? t('Reports.ThingsCount', { count: item.things.length })
          : null;
    return narrowed ? `${place} · ${narrowed}` : place;
  };
  const status = (item: ReportExport) => {
    const label = exportStatusLabel(item.status);
    if (label === 'finished') return t('Reports.Status.finished');
    if (label === 'failed') return t('Reports.Status.failed');
    return item.status === 'inProgress' ? t('Reports.Status.inProgress') : t('Reports.Status.new');
  };

  return (
    <Card withBorder component="section" aria-labelledby="report-exports-title">
      <Stack gap="sm">
        <Title order={3} id="report-exports-title">
          {t('Reports.Exports')}
        </Title>
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
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Reports.Column.Report')}</Table.Th>
                  <Table.Th>{t('Reports.Column.Status')}</Table.Th>
                  <Table.Th>{t('Reports.Column.Days')}</Table.Th>
                  <Table.Th>{t('Reports.Format')}</Table.Th>
                  <Table.Th>{t('Reports.Column.Scope')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('Reports.Column.Actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => {
                  const label = exportStatusLabel(item.status);
                  const days = exportDays(item, timeZone);
                  return (
                    <Table.Tr
                      key={item.id}
                      data-testid={`report-export-${item.id}`}
                      data-status={item.status}
                      data-report={item.report}
                      data-format={item.format}
                    >
                      <Table.Td miw={120}>{what(item)}</Table.Td>
                      <Table.Td miw={140}>
                        {label === 'loading' ? (
                          <Stack gap={2}>
                            <Progress
                              value={Math.max(5, item.progress)}
                              animated
                              aria-label={status(item)}
                            />
                            <Text size="xs" c="dimmed">
                              {status(item)} · {item.progress}%
                            </Text>
                          </Stack>
                        ) : (
                          <Badge
                            color={label === 'finished' ? 'green' : 'red'}
                            title={item.error ?? undefined}
                          >
                            {status(item)}
                          </Badge>
                        )}
                        {label === 'failed' && item.error && (
                          <Text size="xs" c="red">
                            {item.error}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {days.fromDay === days.toDay
                          ? days.fromDay
                          : `${days.fromDay} – ${days.toDay}`}
                      </Table.Td>
                      <Table.Td>{item.format.toUpperCase()}</Table.Td>
                      <Table.Td>{scope(item)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          {item.status === 'done' && item.fileName ? (
                            <Button
                              size="xs"
                              variant="subtle"
                              leftSection={<IconDownload size={14} aria-hidden />}
                              onClick={() => {
                                setDownloadError(null);
                                downloadExport(item.id, item.fileName ?? 'report').catch(() =>
                                  setDownloadError(t('Reports.DownloadFailed')),
                                );
                              }}
                            >
                              {t('Reports.Download')}
                            </Button>
                          ) : item.status === 'done' ? (
                            <Text size="xs" c="dimmed">
                              {t('Reports.Expired')}
                            </Text>
                          ) : null}
                          {label !== 'loading' && (
                            <Button
                              size="xs"
                              variant="subtle"
                              leftSection={<IconRefresh size={14} aria-hidden />}
                              disabled={rerunning}
                              onClick={() => onRerun(rerunBody(item))}
                            >
                              {t('Reports.Rerun')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
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
      </Stack>
    </Card>
  );
}
