/**
 * Messages sent or held back for alarms (ours): when, to whom and how, why (raised, reminder,
 * cleared), and where each stands; a failed one keeps its last error, a suppressed one its reason.
 */
import { Badge, Stack, Table, Text } from '@mantine/core';
import { formatSiteDateTime, type NotificationLogEntry } from '@paddock/domain';
import { useTranslation } from 'react-i18next';

const STATUS_COLOUR: Record<NotificationLogEntry['status'], string> = {
  pending: 'gray',
  sent: 'info',
  delivered: 'irrigated',
  failed: 'fault',
  suppressed: 'paused',
};

export function NotificationLog({
  entries,
  timeZone,
  compact,
}: {
  readonly entries: readonly NotificationLogEntry[];
  readonly timeZone: string;
  readonly compact: boolean;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('Alarms.Log.Empty')}
      </Text>
    );
  }
  const status = (entry: NotificationLogEntry) => (
    <Badge size="sm" color={STATUS_COLOUR[entry.status]} variant="outline" autoContrast>
      {t(`Alarms.Log.Status.${entry.status}`)}
    </Badge>
  );
  const when = (entry: NotificationLogEntry) =>
    formatSiteDateTime(new Date(entry.sentAt ?? entry.createdAt), timeZone);
  const who = (entry: NotificationLogEntry) =>
    `${entry.contactName ?? '—'} · ${t(`Alarms.Method.${entry.method}`)} ${entry.address}`;
  if (compact) {
    return (
      <Stack gap="xs" aria-label={t('Alarms.Log.Title')} component="section">
        {entries.map((entry) => (
          <Stack
            key={entry.id}
            gap={2}
            p={6}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="xs" c="dimmed">
              {when(entry)} · {t(`Alarms.Log.Kind.${entry.kind}`)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {who(entry)}
            </Text>
            {status(entry)}
            {entry.reason && (
              <Text size="xs" c="dimmed">
                {entry.reason}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} aria-label={t('Alarms.Log.Title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Alarms.Log.When')}</Table.Th>
            <Table.Th>{t('Alarms.Log.To')}</Table.Th>
            <Table.Th>{t('Alarms.Log.Why')}</Table.Th>
            <Table.Th>{t('Alarms.Log.StatusTitle')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <Text size="sm">{when(entry)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{who(entry)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t(`Alarms.Log.Kind.${entry.kind}`)}
                  {entry.step !== null
                    ? ` · ${t('Alarms.Log.Step', { step: entry.step + 1 })}`
                    : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                {status(entry)}
                {entry.reason && (
                  <Text size="xs" c="dimmed">
                    {entry.reason}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
