/**
 * One row of the user's exports: what it is of, its status (new, inProgress, done shown as
 * finished, failed) with its progress while it is made, its days, format and scope, the download
 * once done and a re-run that asks for the same report again.
 */
import { Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { exportStatusLabel, type ExportCreateBody, type ReportExport } from '@paddock/domain';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportDays, rerunBody } from '../report-search.ts';
import { frostKindLabelKey, reportTypeLabelKey } from './report-labels.ts';

/**
 * How the user's exports are read on the site shown: their days in its timezone, its areas by
 * label, and the user's other sites by label, for exports made elsewhere.
 */
export interface ExportReading {
  siteId: number;
  timeZone: string;
  areaLabels: ReadonlyMap<number, string>;
  siteLabels: ReadonlyMap<number, string>;
}

export interface ExportRowProps {
  item: ReportExport;
  reading: ExportReading;
  onDownload: (item: ReportExport) => void;
  onRerun: (body: ExportCreateBody) => void;
  rerunning: boolean;
}

export function ExportRow({ item, reading, onDownload, onRerun, rerunning }: ExportRowProps) {
  const { siteId, timeZone, areaLabels, siteLabels } = reading;
  const { t } = useTranslation();
  const what =
    item.report === 'frostReport' && item.kind
      ? `${t(reportTypeLabelKey(item.report))}: ${t(frostKindLabelKey(item.kind))}`
      : t(reportTypeLabelKey(item.report));
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
  const scope = narrowed ? `${place} · ${narrowed}` : place;
  const label = exportStatusLabel(item.status);
  const status =
    label === 'finished'
      ? t('Reports.Status.finished')
      : label === 'failed'
        ? t('Reports.Status.failed')
        : item.status === 'inProgress'
          ? t('Reports.Status.inProgress')
          : t('Reports.Status.new');
  const days = exportDays(item, timeZone);
  return (
    <Table.Tr
      data-testid={`report-export-${item.id}`}
      data-status={item.status}
      data-report={item.report}
      data-format={item.format}
    >
      <Table.Td miw={120}>{what}</Table.Td>
      <Table.Td miw={140}>
        {label === 'loading' ? (
          <Stack gap={2}>
            <Progress value={Math.max(5, item.progress)} animated aria-label={status} />
            <Text size="xs" c="dimmed">
              {status} · {item.progress}%
            </Text>
          </Stack>
        ) : (
          <Badge color={label === 'finished' ? 'green' : 'red'} title={item.error ?? undefined}>
            {status}
          </Badge>
        )}
        {label === 'failed' && item.error && (
          <Text size="xs" c="red">
            {item.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {days.fromDay === days.toDay ? days.fromDay : `${days.fromDay} – ${days.toDay}`}
      </Table.Td>
      <Table.Td>{item.format.toUpperCase()}</Table.Td>
      <Table.Td>{scope}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {item.status === 'done' && item.fileName ? (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => onDownload(item)}
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
}
