/** The irrigation history's numbers as a table: the bars for those who do not read bars. */
import { Table } from '@mantine/core';
import type { IrrigationHistory } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { periodLabel } from './irrigation-history.ts';

export function HistoryTable({
  history,
  language,
}: {
  history: IrrigationHistory;
  language: string;
}) {
  const { t } = useTranslation();
  const labels = new Map(history.zones.map((zone) => [zone.section, zone.label]));
  const order = new Map(history.zones.map((zone, index) => [zone.section, index]));
  const rows = [...history.rows].sort(
    (a, b) =>
      a.period.localeCompare(b.period) || (order.get(a.section) ?? 0) - (order.get(b.section) ?? 0),
  );
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  const blank = (value: number | null) => (value === null ? '' : number.format(value));
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped fz="xs" aria-label={t('IrrigationHistory.Table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('IrrigationHistory.Column.Period')}</Table.Th>
            <Table.Th>{t('IrrigationHistory.Column.Zone')}</Table.Th>
            <Table.Th ta="right">{t('IrrigationHistory.Column.Runs')}</Table.Th>
            <Table.Th ta="right">{t('IrrigationHistory.Column.Applied')}</Table.Th>
            <Table.Th ta="right">{t('IrrigationHistory.Column.Target')}</Table.Th>
            <Table.Th ta="right">{t('IrrigationHistory.Column.Volume')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.section} ${row.period}`}>
              <Table.Td>{periodLabel(row.period, language)}</Table.Td>
              <Table.Td>{labels.get(row.section) ?? row.section}</Table.Td>
              <Table.Td ta="right">{row.runs}</Table.Td>
              <Table.Td ta="right">{number.format(row.applied)}</Table.Td>
              <Table.Td ta="right">{blank(row.target)}</Table.Td>
              <Table.Td ta="right">{blank(row.volume)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
