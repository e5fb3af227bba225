/**
 * Scheduled reports (issue 17 item 5): a contact of the site receives the report chosen above by
 * email each week or month. Anyone who may view the site sees the list; a manager (edit on the
 * site, as the server requires) adds and stops them.
 */
import { Alert, Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import type { Contact, ReportEvery, ScheduledReport } from '@paddock/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteContacts } from '../../../data/contacts/get-site-contacts.ts';
import {
  useCreateScheduledReport,
  useDeleteScheduledReport,
  useScheduledReports,
} from '../../../data/exports/scheduled-reports.ts';
import { scheduleBodyOf, type ReportSearch } from '../report-search.ts';
import { frostKindLabelKey, reportTypeLabelKey } from './report-labels.ts';
import { ReportSection } from './report-section.tsx';
import { ReportTableHead } from './report-table-head.tsx';

export interface ScheduledReportsProps {
  siteId: number;
  /** The report chosen in the form above: a schedule sends it. */
  search: ReportSearch;
  /** Whether the choice above can be sent (its scope fields are valid). */
  choiceValid: boolean;
  canManage: boolean;
  areaLabels: ReadonlyMap<number, string>;
}

/** Contacts the server accepts: an active email notification. */
const canReceive = (contact: Contact) =>
  contact.notifications.some((entry) => entry.method === 'email' && entry.active);

export function ScheduledReports({
  siteId,
  search,
  choiceValid,
  canManage,
  areaLabels,
}: ScheduledReportsProps) {
  const { t } = useTranslation();
  const schedules = useScheduledReports(siteId);
  const contacts = useSiteContacts(siteId);
  const create = useCreateScheduledReport(siteId);
  const remove = useDeleteScheduledReport(siteId);
  const receivers = (contacts.data ?? []).filter(canReceive);
  const [contact, setContact] = useState<string>('');
  const [every, setEvery] = useState<ReportEvery>('week');
  const chosenContact = contact !== '' ? contact : String(receivers[0]?.id ?? '');

  const contactName = (id: number) =>
    contacts.data?.find((entry) => entry.id === id)?.name ?? t('Reports.ContactNumber', { id });
  const what = (schedule: ScheduledReport) => {
    const { choice } = schedule;
    const type =
      choice.report === 'frostReport'
        ? `${t(reportTypeLabelKey(choice.report))}: ${t(frostKindLabelKey(choice.kind))}`
        : t(reportTypeLabelKey(choice.report));
    const place =
      choice.area === undefined
        ? t('Reports.WholeSite')
        : (areaLabels.get(choice.area) ?? t('Reports.AreaNumber', { id: choice.area }));
    return `${type} · ${place} · ${choice.format.toUpperCase()}`;
  };

  return (
    <ReportSection titleId="scheduled-reports-title" title={t('Reports.Scheduled')}>
      {schedules.isError && (
        <Alert color="red" role="alert">
          {t('Reports.ScheduledFailed')}
        </Alert>
      )}
      {schedules.data && schedules.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Reports.NoScheduled')}
        </Text>
      )}
      {schedules.data && schedules.data.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table aria-labelledby="scheduled-reports-title">
            <ReportTableHead
              headings={[
                t('Reports.Contact'),
                t('Reports.Column.Report'),
                t('Reports.Every'),
                t('Reports.LastSent'),
              ]}
            />
            <Table.Tbody>
              {schedules.data.map((schedule) => (
                <Table.Tr key={schedule.id} data-testid={`scheduled-report-${schedule.id}`}>
                  <Table.Td>{contactName(schedule.contact)}</Table.Td>
                  <Table.Td>{what(schedule)}</Table.Td>
                  <Table.Td>{t(`Reports.Every.${schedule.every}`)}</Table.Td>
                  <Table.Td>
                    {schedule.lastPeriod ?? t('Reports.NotYetSent')}
                    {schedule.error && (
                      <Text size="xs" c="red">
                        {schedule.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {canManage && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        loading={remove.isPending && remove.variables === schedule.id}
                        onClick={() => remove.mutate(schedule.id)}
                      >
                        {t('Reports.Stop')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canManage && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!choiceValid || chosenContact === '') return;
            create.mutate(scheduleBodyOf(search, siteId, Number(chosenContact), every));
          }}
        >
          <Group align="flex-end" wrap="wrap" gap="sm">
            <NativeSelect
              label={t('Reports.Contact')}
              value={chosenContact}
              onChange={(event) => setContact(event.currentTarget.value)}
              data={
                receivers.length === 0
                  ? [{ value: '', label: t('Reports.NoEmailContact') }]
                  : receivers.map((entry) => ({ value: String(entry.id), label: entry.name }))
              }
            />
            <NativeSelect
              label={t('Reports.Every')}
              value={every}
              onChange={(event) =>
                setEvery(event.currentTarget.value === 'month' ? 'month' : 'week')
              }
              data={[
                { value: 'week', label: t('Reports.Every.week') },
                { value: 'month', label: t('Reports.Every.month') },
              ]}
            />
            <Button
              type="submit"
              variant="light"
              disabled={!choiceValid || chosenContact === ''}
              loading={create.isPending}
            >
              {t('Reports.Schedule')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('Reports.ScheduleNote')}
          </Text>
        </form>
      )}
      {(create.isError || remove.isError) && (
        <Alert color="red" role="alert">
          {create.isError ? t('Reports.ScheduleFailed') : t('Reports.StopFailed')}
        </Alert>
      )}
    </ReportSection>
  );
}
