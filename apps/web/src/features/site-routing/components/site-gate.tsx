import { Button, Stack } from '@mantine/core';
import type { Site } from '@paddock/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageAlert } from '../../../components/ui/page-alert.tsx';
import { useSiteGate } from '../hooks/use-site-gate.ts';
import { RouteLoading } from './route-loading.tsx';

/**
 * Renders `children` with the path's site once it has loaded; until then a loader. A failed load
 * leaves the page by §2's rules (see `useSiteGate`); with no connection it offers a retry.
 */
export function SiteGate({
  site: query,
  siteId,
  uid,
  children,
}: {
  /** The path's site query (GET sites/{id}). */
  site: UseQueryResult<Site>;
  siteId: number;
  uid: string | null;
  children: (site: Site) => ReactNode;
}) {
  const { t } = useTranslation();
  const gate = useSiteGate(query, siteId, uid);
  if (gate.status === 'ready') return children(gate.site);
  if (gate.status === 'offline') {
    return (
      <PageAlert title={t('SiteRouting.OfflineTitle')}>
        <Stack align="flex-start">
          {t('SiteRouting.OfflineBody')}
          <Button variant="light" onClick={gate.retry}>
            {t('SiteRouting.Retry')}
          </Button>
        </Stack>
      </PageAlert>
    );
  }
  return <RouteLoading label={t('SiteRouting.LoadingSite')} />;
}
