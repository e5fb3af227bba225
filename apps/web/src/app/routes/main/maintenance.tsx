/**
 * /{siteId}/maintenance (issue 12; docs/maintenance.md): the site-wide maintenance worklist. The
 * "within N days" choice lives in the query (`?within=`), so a printed or shared link shows the
 * same list.
 */
import { Skeleton, Stack } from '@mantine/core';
import { MAINTENANCE_WITHIN_DAYS, type Site } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageAlert } from '../../../components/ui/page-alert.tsx';
import { useMaintenance } from '../../../features/maintenance/api/get-maintenance.ts';
import { WorklistView } from '../../../features/maintenance/components/worklist-view.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

const AGE_TICK_MS = 15_000;

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'maintenance') return null; // the main layout sends other paths on
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) => <Maintenance site={site} />}
    </SiteScope>
  );
}

/** `?within=` as a whole number of days in range, else the default. */
function withinDaysOf(text: string | null): number {
  const days = Number(text);
  return Number.isInteger(days) &&
    days >= MAINTENANCE_WITHIN_DAYS.min &&
    days <= MAINTENANCE_WITHIN_DAYS.max
    ? days
    : MAINTENANCE_WITHIN_DAYS.default;
}

function Maintenance({ site }: { site: Site }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const withinDays = withinDaysOf(search.get('within'));
  const list = useMaintenance(site.id, withinDays);
  const now = useNow(AGE_TICK_MS);
  if (list.data) {
    return (
      <WorklistView
        siteId={site.id}
        siteLabel={site.label}
        list={list.data}
        withinDays={withinDays}
        onWithinDaysChange={(days) => setSearch({ within: String(days) }, { replace: true })}
        now={now}
      />
    );
  }
  if (list.isError) {
    return (
      <PageAlert title={t('Maintenance.LoadFailedTitle')}>{t('SiteSummary.LoadFailed')}</PageAlert>
    );
  }
  return (
    <Stack p="md" gap="md" aria-busy="true" aria-label={t('Common.Loading')}>
      <Skeleton h={28} w={240} />
      <Skeleton h={180} />
      <Skeleton h={180} />
    </Stack>
  );
}
