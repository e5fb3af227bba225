/**
 * One object's History (issue 33 item 3 "from any object's detail pane, its history"): its latest
 * rows of the site's audit log, newest first, in words, with when and who, and a link to the audit
 * page narrowed to it. Only site admins and support staff read the log; for anyone else the pane
 * asks nothing and shows nothing, and a refusal (403) shows nothing either.
 *
 * `ObjectHistory` asks the site's privileges itself; a page that already holds them (the
 * irrigation page hands its panels flags) draws `AuditHistory` where they allow it.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { auditPath, formatSiteDateTime, type AuditRow } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canReadAudit } from '../../data/audit/can-read-audit.ts';
import { useSiteAudit } from '../../data/audit/get-site-audit.ts';
import { usePrivileges } from '../../data/privileges/use-privileges.ts';
import { isApiError } from '../../lib/api-client.ts';
import { auditPerson } from './audit-person.ts';

/** Rows the pane shows; the rest are on the audit page. */
const HISTORY_ROWS = 10;

/** The object as the audit log names it: its kind ('sensor', 'radio', 'section'…) and id. */
interface AuditObject {
  readonly kind: string;
  readonly target: number;
}

interface ObjectHistoryProps {
  readonly siteId: number;
  readonly object: AuditObject;
  readonly timeZone: string;
}

export function ObjectHistory({ siteId, object, timeZone }: ObjectHistoryProps) {
  const privileges = usePrivileges(siteId);
  const allowed = privileges.known && canReadAudit(privileges.held);
  if (!allowed) return null;
  return <AuditHistory siteId={siteId} object={object} timeZone={timeZone} />;
}

/** The object's history, for a caller known to read the site's audit log (canReadAudit). */
export function AuditHistory({ siteId, object, timeZone }: ObjectHistoryProps) {
  const { t } = useTranslation();
  const history = useSiteAudit(siteId, {
    kind: object.kind,
    target: object.target,
    limit: HISTORY_ROWS,
  });
  if (isApiError(history.error) && history.error.status === 403) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('Audit.History.Title')}>
      <Title order={4} size="h6">
        {t('Audit.History.Title')}
      </Title>
      {history.isError ? (
        <Text size="sm" c="dimmed" role="alert">
          {t('Audit.History.LoadFailed')}
        </Text>
      ) : history.data === undefined ? (
        <Text size="sm" c="dimmed">
          {t('Common.Loading')}
        </Text>
      ) : history.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Audit.History.None')}
        </Text>
      ) : (
        <HistoryList rows={history.data.rows} timeZone={timeZone} />
      )}
      <Anchor
        component={Link}
        to={auditPath(siteId, { type: object.kind, target: object.target })}
        size="sm"
      >
        {t('Audit.History.All')}
      </Anchor>
    </Stack>
  );
}

function HistoryList({ rows, timeZone }: { rows: readonly AuditRow[]; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <li key={row.id} data-testid="history-row">
          <Text size="sm">{row.text}</Text>
          <Text size="xs" c="dimmed">
            {t('Audit.History.Byline', {
              person: auditPerson(row, t),
              time: formatSiteDateTime(new Date(row.time), timeZone),
            })}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
