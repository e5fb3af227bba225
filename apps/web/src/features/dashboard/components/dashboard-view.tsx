import {
  Anchor,
  Box,
  Button,
  Card,
  Grid,
  Group,
  MultiSelect,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  COLOURS,
  DASHBOARD_FILTER_KEYS,
  sitePath,
  type DashboardFilter,
  type Site,
} from '@paddock/domain';
import { IconFilterOff, IconFocus2 } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LastUpdate } from '../../../components/ui/last-update.tsx';
import { SiteBriefBadges } from '../../../components/ui/site-brief-badges.tsx';
import { SITE_BRIEF_COLOURS, siteBriefStatus } from '../../../lib/site-brief-status.ts';
import {
  applyDashboardFilter,
  chosenValues,
  dashboardFilterOptions,
  siteMarkers,
  withFilterValues,
  type DashboardFilterKey,
} from '../dashboard-filter.ts';
import { useDashboardSelection } from '../hooks/use-dashboard-selection.ts';

// Leaflet and its CSS load only when the dashboard shows.
const SitesMap = lazy(() => import('./sites-map.tsx'));

const FILTER_LABELS: Record<DashboardFilterKey, string> = {
  country: 'Dashboard.Filter.Country',
  region: 'Dashboard.Filter.Region',
  application: 'Dashboard.Filter.Application',
};

/**
 * The dashboard (§2): a map with a marker per site, filters country, region and application kept
 * in the query, a list of the sites beside the map (below it on phones), and a selection that
 * highlights one site in both, with a reset.
 */
export function DashboardView({
  sites,
  filter,
  onFilterChange,
  now,
}: {
  sites: readonly Site[];
  filter: DashboardFilter;
  onFilterChange: (filter: DashboardFilter) => void;
  now: Date;
}) {
  const { t } = useTranslation();
  const visible = useMemo(() => applyDashboardFilter(sites, filter), [sites, filter]);
  const options = useMemo(() => dashboardFilterOptions(sites, filter), [sites, filter]);
  const markers = useMemo(() => siteMarkers(visible), [visible]);
  const { selected: picked, select, reset } = useDashboardSelection();
  // A site filtered away is no longer selected.
  const selected = visible.some((site) => site.id === picked) ? picked : null;
  const filtered = DASHBOARD_FILTER_KEYS.some((key) => filter[key] !== undefined);

  const optionLabel = (key: DashboardFilterKey, value: string) =>
    key === 'country'
      ? t(`Country.${value.toLowerCase()}`, { defaultValue: value })
      : key === 'application'
        ? t(`Application.${value}`, { defaultValue: value })
        : value;

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2}>{t('Dashboard.Title')}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            disabled={!filtered}
            onClick={() => onFilterChange({})}
          >
            {t('Dashboard.ClearFilters')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFocus2 size={16} aria-hidden />}
            disabled={selected === null}
            onClick={reset}
          >
            {t('Dashboard.ResetSelection')}
          </Button>
        </Group>
      </Group>

      <Grid gap="sm">
        {DASHBOARD_FILTER_KEYS.map((key) => (
          <Grid.Col key={key} span={{ base: 12, sm: 4 }}>
            <MultiSelect
              label={t(FILTER_LABELS[key])}
              placeholder={t('Dashboard.Filter.Any')}
              data={options[key].map((value) => ({ value, label: optionLabel(key, value) }))}
              value={chosenValues(filter, key, options[key])}
              onChange={(values) => onFilterChange(withFilterValues(filter, key, values))}
              clearable
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
        ))}
      </Grid>

      <Text size="sm" c="dimmed" role="status">
        {t('Dashboard.Showing', { count: visible.length, total: sites.length })}
      </Text>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Box h={{ base: 360, md: 'calc(100vh - 300px)' }} mih={360}>
            <Suspense fallback={<Skeleton h="100%" aria-label={t('Dashboard.MapLoading')} />}>
              <SitesMap
                markers={markers}
                selected={selected}
                onSelect={select}
                label={t('Dashboard.Map')}
              />
            </Suspense>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack
            gap="xs"
            component="ul"
            aria-label={t('Dashboard.SiteList')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {visible.length === 0 && <Text c="dimmed">{t('Dashboard.NoSites')}</Text>}
            {visible.map((site) => {
              const highlighted = site.id === selected;
              return (
                <li key={site.id}>
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
                        onClick={() => select(site.id)}
                        aria-pressed={highlighted}
                        style={{ flex: 1, minWidth: 0 }}
                      >
                        <Group gap="xs" wrap="nowrap">
                          <Box
                            aria-hidden
                            w={12}
                            h={12}
                            style={{
                              borderRadius: '50%',
                              flexShrink: 0,
                              background: SITE_BRIEF_COLOURS[siteBriefStatus(site.summary)],
                            }}
                          />
                          <Text fw={600} truncate>
                            {site.label}
                          </Text>
                        </Group>
                        <Text size="xs" c="dimmed">
                          {site.tags.region} · {optionLabel('country', site.tags.country)}
                        </Text>
                      </UnstyledButton>
                      <Anchor
                        component={Link}
                        to={sitePath(site.id)}
                        size="sm"
                        aria-label={t('Dashboard.OpenSiteNamed', { site: site.label })}
                      >
                        {t('Dashboard.OpenSite')}
                      </Anchor>
                    </Group>
                    <Stack gap={4} mt={6}>
                      <SiteBriefBadges summary={site.summary} />
                      <LastUpdate at={site.summary?.lastUpdate} now={now} size="xs" />
                    </Stack>
                  </Card>
                </li>
              );
            })}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
