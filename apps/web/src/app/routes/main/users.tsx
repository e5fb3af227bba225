/**
 * /{siteId}/users (§2, needs viewUsers): the site's users, composed from the users feature, with
 * Switch User (its own feature) offered on a row to staff holding loginAs, and for the site's
 * admins its webhooks (issue 32 item 5) and LoRaWAN network server links (issue 32 items 1 and 7):
 * the page is the site's admin section (§2 top tab bar).
 */
import { Stack } from '@mantine/core';
import { effectiveRole, supportLink, TOP_ROLE, type Site } from '@paddock/domain';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { SUPPORT_BASE_URL } from '../../../config/support.ts';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { SwitchUserModal } from '../../../features/switch-user/components/switch-user-modal.tsx';
import { NetworkLinksCard } from '../../../features/network-links/components/network-links-card.tsx';
import { UsersWorkspace } from '../../../features/users/components/users-workspace.tsx';
import { WebhooksCard } from '../../../features/webhooks/components/webhooks-card.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'users') return null; // the main layout sends other paths on
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) => <Users site={site} />}
    </SiteScope>
  );
}

function Users({ site }: { site: Site }) {
  const privileges = usePrivileges(site.id);
  const { loginId } = useSession();
  const { pathname } = useLocation();
  const [switchTo, setSwitchTo] = useState<string | null>(null);
  const timeZone = useSiteTimeZone(site);
  return (
    <>
      <UsersWorkspace
        siteId={site.id}
        siteLabel={site.label}
        timeZone={timeZone}
        held={privileges.held}
        currentLogin={loginId}
        onSwitchUser={setSwitchTo}
        supportUrl={supportLink(pathname, SUPPORT_BASE_URL)}
        areas={[...(site.areas ?? [])]
          .sort((a, b) => a.label.localeCompare(b.label))
          .map((area) => ({ id: area.id, label: area.label }))}
      />
      {effectiveRole(privileges.held) === TOP_ROLE && (
        <Stack px="md" pb="md" maw={1280} mx="auto" w="100%">
          <WebhooksCard siteId={site.id} timeZone={timeZone} />
          <NetworkLinksCard siteId={site.id} timeZone={timeZone} />
        </Stack>
      )}
      <SwitchUserModal
        opened={switchTo !== null}
        onClose={() => setSwitchTo(null)}
        initialEmail={switchTo ?? ''}
      />
    </>
  );
}
