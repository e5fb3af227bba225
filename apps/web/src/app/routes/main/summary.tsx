/** /{siteId}/summary (§2): per-area status, counts and last updates of one site. */
import { Skeleton, SimpleGrid, Stack } from '@mantine/core';
import type { Site } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { PageAlert } from '../../../components/ui/page-alert.tsx';
import { useSiteSummary } from '../../../features/summary/api/get-site-summary.ts';
import { SiteMapCard } from '../../../features/summary/components/site-map-card.tsx';
import { SiteSummaryView } from '../../../features/summary/components/site-summary-view.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';

const AGE_TICK_MS = 15_000;

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'summary') return null; // the main layout sends other paths on
  return (
    <SiteScope key={route.siteId} siteId={route.siteId}>
      {({ site }) => <Summary site={site} />}
    </SiteScope>
  );
}

function Summary({ site }: { site: Site }) {
  const { t } = useTranslation();
  const summary = useSiteSummary(site.id);
  const now = useNow(AGE_TICK_MS);
  if (summary.data) {
    return (
      <SiteSummaryView
        siteId={site.id}
        siteLabel={site.label}
        summary={summary.data}
        now={now}
        map={<SiteMapCard site={site} />}
      />
    );
  }
  if (summary.isError) {
    return (
      <PageAlert title={t('SiteSummary.LoadFailedTitle')}>{t('SiteSummary.LoadFailed')}</PageAlert>
    );
  }
  return (
    <Stack p="md" gap="md" aria-busy="true" aria-label={t('Common.Loading')}>
      <Skeleton h={28} w={200} />
      <Skeleton h={64} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={220} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
