import { Box, Button, Grid, Group, MultiSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_FILTER_KEYS, type DashboardFilter, type Site } from '@paddock/domain';
import { IconFilterOff, IconFocus2 } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyDashboardFilter,
  chosenValues,
  dashboardFilterOptions,
  siteMarkers,
  withFilterValues,
  type DashboardFilterKey,
} from '../dashboard-filter.ts';
import { useDashboardSelection } from '../hooks/use-dashboard-selection.ts';
import { DashboardSiteList, filterOptionLabel } from './dashboard-site-list.tsx';

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

  const optionLabel = (key: DashboardFilterKey, value: string) => filterOptionLabel(t, key, value);

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
          <DashboardSiteList sites={visible} selected={selected} onSelect={select} now={now} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
