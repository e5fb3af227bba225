/**
 * The dashboard's list of sites (§2), beside the map (below it on phones): each site's state,
 * region and country, its brief badges and last update, a button that selects it and a link
 * that opens it on its detail pane (§2 "detail pane summary"). The selected site also offers the
 * dashboard's default pane (§2 "Default dashboard pane irrigation"): its irrigation page, once
 * the site's areas are known. Beside each site's name, its count of what needs a person now
 * (issue 33 item 4), coloured by its most severe, linking to the fleet view.
 */
import { Anchor, Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  COLOURS,
  DEFAULT_DASHBOARD_PANE,
  DEFAULT_DETAIL_PANE,
  fleetPath,
  sitePanePath,
  sitePath,
  type FleetSiteCount,
  type Site,
} from '@paddock/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LastUpdate } from '../../../components/ui/last-update.tsx';
import { SiteBriefBadges } from '../../../components/ui/site-brief-badges.tsx';
import { SITE_BRIEF_COLOURS, siteBriefStatus } from '../../../lib/site-brief-status.ts';
import type { DashboardFilterKey } from '../dashboard-filter.ts';
import { ColourDot } from '../../../components/ui/colour-dot.tsx';
import { useFleetCounts } from '../../../data/fleet/get-fleet.ts';
import { useSite } from '../../../data/sites/get-site.ts';
import { SEVERITY_COLOUR } from '../../../components/ui/alarm-state.ts';

/** A filter value as shown: countries and applications by name, regions as they are. */
export function filterOptionLabel(t: TFunction, key: DashboardFilterKey, value: string): string {
  return key === 'country'
    ? t(`Country.${value.toLowerCase()}`, { defaultValue: value })
    : key === 'application'
      ? t(`Application.${value}`, { defaultValue: value })
      : value;
}

export function DashboardSiteList({
  sites,
  selected,
  onSelect,
  now,
}: {
  sites: readonly Site[];
  selected: number | null;
  onSelect: (siteId: number) => void;
  now: Date;
}) {
  const { t } = useTranslation();
  const fleet = useFleetCounts();
  const attention = new Map(fleet.data?.sites.map((count) => [count.site.id, count]));
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('Dashboard.SiteList')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {sites.length === 0 && <Text c="dimmed">{t('Dashboard.NoSites')}</Text>}
      {sites.map((site) => (
        <li key={site.id}>
          <SiteCard
            site={site}
            highlighted={site.id === selected}
            onSelect={() => onSelect(site.id)}
            attention={attention.get(site.id)}
            now={now}
          />
        </li>
      ))}
    </Stack>
  );
}

function SiteCard({
  site,
  highlighted,
  onSelect,
  attention,
  now,
}: {
  site: Site;
  highlighted: boolean;
  onSelect: () => void;
  /** What needs a person now on the site; none when nothing does. */
  attention: FleetSiteCount | undefined;
  now: Date;
}) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      padding="xs"
      style={{
        borderColor: highlighted ? COLOURS.selected : undefined,
        borderWidth: highlighted ? 2 : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton
          onClick={onSelect}
          aria-pressed={highlighted}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap="xs" wrap="nowrap">
            <ColourDot colour={SITE_BRIEF_COLOURS[siteBriefStatus(site.summary)]} size={12} />
            <Text fw={600} truncate>
              {site.label}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {site.tags.region} · {filterOptionLabel(t, 'country', site.tags.country)}
          </Text>
        </UnstyledButton>
        <Anchor
          component={Link}
          to={sitePanePath(site, DEFAULT_DETAIL_PANE) ?? sitePath(site.id)}
          size="sm"
          aria-label={t('Dashboard.OpenSiteNamed', { site: site.label })}
        >
          {t('Dashboard.OpenSite')}
        </Anchor>
      </Group>
      {attention && (
        <Badge
          component={Link}
          to={fleetPath()}
          color={SEVERITY_COLOUR[attention.severity]}
          // The §9 palettes are one shade each: filled, with automatic contrast (alarm-badges.tsx).
          variant="filled"
          autoContrast
          size="sm"
          mt={4}
          style={{ cursor: 'pointer' }}
          aria-label={t('Fleet.Badge', { count: attention.count })}
          title={t('Fleet.Badge', { count: attention.count })}
          data-testid="site-attention"
        >
          {attention.count}
        </Badge>
      )}
      {highlighted && <DefaultPaneLink siteId={site.id} siteLabel={site.label} />}
      <Stack gap={4} mt={6}>
        <SiteBriefBadges summary={site.summary} />
        <LastUpdate at={site.summary?.lastUpdate} now={now} size="xs" />
      </Stack>
    </Card>
  );
}

/** The selected site's default pane: its areas come with the site itself (GET sites lists none). */
function DefaultPaneLink({ siteId, siteLabel }: { siteId: number; siteLabel: string }) {
  const { t } = useTranslation();
  const site = useSite(siteId);
  const to = site.data ? sitePanePath(site.data, DEFAULT_DASHBOARD_PANE) : undefined;
  if (!to) return null;
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      mt={4}
      display="inline-block"
      aria-label={t('Dashboard.OpenPaneNamed', {
        pane: t(`Workspace.Name.${DEFAULT_DASHBOARD_PANE}`),
        site: siteLabel,
      })}
    >
      {t(`Workspace.Name.${DEFAULT_DASHBOARD_PANE}`)}
    </Anchor>
  );
}
