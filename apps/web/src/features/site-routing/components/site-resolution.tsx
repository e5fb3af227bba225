import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { resolveSiteRoute, summaryPath, type Site } from '@paddock/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { SiteGate } from './site-gate.tsx';

/**
 * /{siteId} and /{siteId}/{areaId} (§2): once the site is loaded, a known area goes to its page and
 * no area or an unknown one to the site's default page (`resolveSiteRoute`). A site without areas
 * is not redirected: it says so and offers its summary.
 */
export function SiteResolution({
  site: query,
  siteId,
  areaId,
  uid,
}: {
  /** The path's site query (GET sites/{id}). */
  site: UseQueryResult<Site>;
  siteId: number;
  areaId?: number;
  uid: string | null;
}) {
  return (
    <SiteGate site={query} siteId={siteId} uid={uid}>
      {(site) => <Resolve site={site} siteId={siteId} areaId={areaId} />}
    </SiteGate>
  );
}

function Resolve({ site, siteId, areaId }: { site: Site; siteId: number; areaId?: number }) {
  const { t } = useTranslation();
  const resolution = resolveSiteRoute({
    pathSiteId: siteId,
    ...(areaId === undefined ? {} : { pathAreaId: areaId }),
    loadedSite: site,
  });
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  return (
    <Card withBorder padding="lg" m="md">
      <Stack gap="xs">
        <Title order={2}>{site.label}</Title>
        <Text>{t('SiteRouting.NoAreas')}</Text>
        <Anchor component={Link} to={summaryPath(siteId)}>
          {t('SiteRouting.OpenSummary')}
        </Anchor>
      </Stack>
    </Card>
  );
}
