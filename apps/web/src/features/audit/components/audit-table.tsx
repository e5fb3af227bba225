/**
 * The audit page's rows (issue 33 item 3), newest first as the server sends them: when (the site's
 * time, §9), who (both people under Switch User), what in words, and from which address.
 */
import { Box, Card, Stack, Table, Text } from '@mantine/core';
import { formatSiteDateTime, type AuditRow } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { auditPerson } from '../../../components/audit/audit-person.ts';

interface AuditRowsProps {
  readonly rows: readonly AuditRow[];
  readonly timeZone: string;
}

/** A table from small tablets up; on phones a card a row, the words first (no sideways scroll). */
export function AuditRows(props: AuditRowsProps) {
  return (
    <>
      <Card withBorder padding={0} visibleFrom="sm">
        <AuditTable {...props} />
      </Card>
      <Box hiddenFrom="sm">
        <AuditCards {...props} />
      </Box>
    </>
  );
}

function AuditCards({ rows, timeZone }: AuditRowsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {rows.map((row) => (
        <Card key={row.id} withBorder padding="xs" data-testid="audit-card">
          <Text size="sm">{row.text}</Text>
          <Text size="xs" c="dimmed">
            {[auditPerson(row, t), formatSiteDateTime(new Date(row.time), timeZone), row.address]
              .filter((part) => part !== null)
              .join(' · ')}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function AuditTable({ rows, timeZone }: AuditRowsProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>{t('Audit.Column.time')}</Table.Th>
            <Table.Th w={200}>{t('Audit.Column.who')}</Table.Th>
            <Table.Th>{t('Audit.Column.what')}</Table.Th>
            <Table.Th w={130}>{t('Audit.Column.address')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="audit-row" data-operation={row.operation}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatSiteDateTime(new Date(row.time), timeZone)}
              </Table.Td>
              <Table.Td data-testid="audit-person">{auditPerson(row, t)}</Table.Td>
              <Table.Td>
                <Text size="sm">{row.text}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {row.operation}
                </Text>
              </Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {row.address ?? '–'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
