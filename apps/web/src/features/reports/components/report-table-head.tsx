/**
 * The head of the reports' tables (exports and scheduled reports): the columns' headings, then a
 * last column for the row's buttons whose heading only a screen reader reads.
 */
import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ReportTableHead({ headings }: { headings: string[] }) {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        {headings.map((heading) => (
          <Table.Th key={heading}>{heading}</Table.Th>
        ))}
        <Table.Th>
          <VisuallyHidden>{t('Reports.Column.Actions')}</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}
