/**
 * /{siteId}/audit[?type=…&target=…] (issue 33 item 3): the site's audit log, composed from the
 * audit feature with the site's users for its person filter. Only site admins and support staff
 * read it, which no one privilege says (guards.ts lets it through), so a user who may not is sent
 * to the 404 page here once their privileges are known, as a refused route is.
 */
import { Text } from '@mantine/core';
import { auditPath, REFUSED_ROUTE_PATH, type AuditRoute, type Site } from '@paddock/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { canReadAudit } from '../../../data/audit/can-read-audit.ts';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { useSiteUsers } from '../../../data/users/get-site-users.ts';
import { AuditWorkspace } from '../../../features/audit/components/audit-workspace.tsx';
import { userName } from '../../../features/users/users-list.ts';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'audit') return null; // the main layout sends other paths on
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) => <Audit site={site} route={route} />}
    </SiteScope>
  );
}

function Audit({ site, route }: { site: Site; route: AuditRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const privileges = usePrivileges(site.id);
  const allowed = canReadAudit(privileges.held);
  const timeZone = useSiteTimeZone(site);
  const users = useSiteUsers(site.id);
  const people = useMemo(
    () =>
      (users.data ?? [])
        .map((user) => ({ id: user.id, name: userName(user) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [users.data],
  );
  if (!privileges.known) return <Text p="md">{t('Common.Loading')}</Text>;
  if (!allowed) return <Navigate to={REFUSED_ROUTE_PATH} replace />;
  return (
    <AuditWorkspace
      key={route.object ? `${route.object.type}/${route.object.target}` : 'all'}
      siteId={site.id}
      siteLabel={site.label}
      timeZone={timeZone}
      people={people}
      object={route.object ? { kind: route.object.type, target: route.object.target } : null}
      onClearObject={() => navigate(auditPath(site.id))}
    />
  );
}
