/**
 * /{siteId}/reports (issue 17; docs/reports.md): the site's Reports place. Site-wide, like the
 * summary and the maintenance worklist: a report's area and things are picked on the page.
 */
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { ReportsView } from '../../../features/reports/index.ts';
import type { Site } from '@paddock/domain';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'reports') return null; // the main layout sends other paths on
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) => <Reports site={site} />}
    </SiteScope>
  );
}

function Reports({ site }: { site: Site }) {
  const timeZone = useSiteTimeZone(site);
  const privileges = usePrivileges(site.id);
  return (
    <ReportsView
      site={site}
      timeZone={timeZone}
      canManage={privileges.has('edit')}
      now={new Date()}
    />
  );
}
