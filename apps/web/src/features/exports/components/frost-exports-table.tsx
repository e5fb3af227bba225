/**
 * The user's exports under the frost report console (§9): what each is, its nights and format,
 * its progress until it is finished or failed (§3), and its download while the file is kept.
 */
import { Badge, Button, Progress, Table, Text } from '@mantine/core';
import {
  exportStatusLabel,
  frostNightOf,
  type FrostReportFileKind,
  type ReportExport,
} from '@paddock/domain';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function FrostExportsTable({
  items,
  timeZone,
  onDownload,
}: {
  items: readonly ReportExport[];
  timeZone: string;
  onDownload: (item: ReportExport) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table striped aria-label={t('FrostReports.Exports', 'Your exports')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('FrostReports.Report', 'Report')}</Table.Th>
          <Table.Th>{t('FrostReports.Nights', 'Nights')}</Table.Th>
          <Table.Th>{t('FrostReports.Format', 'Format')}</Table.Th>
          <Table.Th>{t('FrostReports.Status', 'Status')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <FrostExportRow key={item.id} item={item} timeZone={timeZone} onDownload={onDownload} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function FrostExportRow({
  item,
  timeZone,
  onDownload,
}: {
  item: ReportExport;
  timeZone: string;
  onDownload: (item: ReportExport) => void;
}) {
  const { t } = useTranslation();
  const kindLabel = (value: FrostReportFileKind) => t(`Reports.Kind.${value}`);
  const label = exportStatusLabel(item.status);
  const statusLabel =
    label === 'finished'
      ? t('FrostReports.Finished', 'finished')
      : label === 'failed'
        ? t('FrostReports.Failed', 'failed')
        : t('FrostReports.Making', 'making');
  return (
    <Table.Tr data-testid={`export-${item.id}`} data-status={item.status}>
      <Table.Td>
        {/* The list is all the user's exports: the other report types by their name. */}
        {item.report === 'frostReport' && item.kind
          ? kindLabel(item.kind)
          : t(`Reports.Type.${item.report}`)}
      </Table.Td>
      <Table.Td>
        {frostNightOf(new Date(item.from), timeZone)} –{' '}
        {frostNightOf(new Date(new Date(item.to).getTime() - 1), timeZone)}
      </Table.Td>
      <Table.Td>{item.format.toUpperCase()}</Table.Td>
      <Table.Td>
        {label === 'loading' ? (
          <Progress value={Math.max(5, item.progress)} animated aria-label={statusLabel} />
        ) : (
          <Badge color={label === 'finished' ? 'green' : 'red'}>{statusLabel}</Badge>
        )}
      </Table.Td>
      <Table.Td>
        {item.status === 'done' && item.fileName ? (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconDownload size={14} />}
            onClick={() => onDownload(item)}
          >
            {t('FrostReports.Download', 'Download')}
          </Button>
        ) : item.status === 'done' ? (
          <Text size="xs" c="dimmed">
            {t('FrostReports.Expired', 'expired')}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
