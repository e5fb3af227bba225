import { Card, Skeleton } from '@mantine/core';
import { areaPagePath, type Site } from '@paddock/domain';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasSiteMapLayers, siteMapLayers } from '../../../components/map/site-map-layers.ts';

// Leaflet stays in its own chunk, loaded with the summary's map.
const SiteMap = lazy(() => import('../../../components/map/site-map.tsx'));

const MAP_HEIGHT_PX = 320;

/**
 * The site's map on its summary (§2 map views: site): the site's markers and polygons (§3
 * settings) with the areas' outlines; an outline opens its area's page. Left out when the site
 * has nothing to draw.
 */
export function SiteMapCard({ site }: { site: Pick<Site, 'id' | 'settings' | 'areas'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const layers = useMemo(() => siteMapLayers(site), [site]);
  const { id: siteId, areas } = site;
  const openArea = useCallback(
    (areaId: number) => {
      const area = areas?.find((candidate) => candidate.id === areaId);
      if (area) void navigate(areaPagePath(siteId, area));
    },
    [areas, siteId, navigate],
  );
  if (!hasSiteMapLayers(layers)) return null;
  return (
    <Card withBorder padding={0} h={MAP_HEIGHT_PX} style={{ overflow: 'hidden' }}>
      <Suspense fallback={<Skeleton h={MAP_HEIGHT_PX} />}>
        <SiteMap label={t('SiteSummary.SiteMap')} layers={layers} onOpenArea={openArea} />
      </Suspense>
    </Card>
  );
}
