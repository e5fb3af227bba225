import { Badge, Box, Group, Tabs, Text } from '@mantine/core';
import {
  badgeCount,
  isFullScreenOnPhone,
  routeAreaId,
  routeSiteId,
  tabPath,
  tabPresentation,
  visibleTabs,
  type Route,
  type RoutingArea,
  type TabId,
} from '@paddock/domain';
import {
  IconAntenna,
  IconCloud,
  IconDroplet,
  IconPuzzle,
  IconSnowflake,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAreaOpenEventCount } from '../../../data/events/get-area-open-events.ts';
import { useAreaRadios } from '../../../data/radios/get-area-radios.ts';
import { useSiteUnits } from '../../../data/sites/get-site-units.ts';
import { useNow } from '../../../lib/use-now.ts';
import { lastUpdateText, telemetryStatus } from '../telemetry-status.ts';

const TAB_ICONS: Record<TabId, ReactNode> = {
  irrigation: <IconDroplet size={18} />,
  frost: <IconSnowflake size={18} />,
  addons: <IconPuzzle size={18} />,
  weather: <IconCloud size={18} />,
  telemetry: <IconAntenna size={18} />,
  users: <IconUsers size={18} />,
};

const TAB_LABEL_KEYS: Record<TabId, string> = {
  irrigation: 'Tabs.Irrigation',
  frost: 'Tabs.Frost',
  addons: 'Tabs.Addons',
  weather: 'Tabs.Weather',
  telemetry: 'Tabs.Telemetry',
  users: 'Tabs.Users',
};

/** The "time since" label ticks every second. */
const CLOCK_TICK_MS = 1_000;

export interface TopTabBarProps {
  readonly route: Route;
  /** The site's areas once loaded (their first is the fallback area). */
  readonly areas: readonly RoutingArea[] | undefined;
  /** Phones (by user agent) show icons only and make the zone page full screen. */
  readonly isPhone: boolean;
}

/**
 * §2 Top tab bar: only on routes matching a tab and not full screen; the tabs of the route's
 * section for its area (or the site's first area); 'Loading...' until known; icons only on
 * phones. Irrigation counts open events, Telemetry shows the time since the last report and the
 * count of faults (§1); counts above 9 read '9+'.
 */
export function TopTabBar({ route, areas, isPhone }: TopTabBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routeArea = routeAreaId(route);
  const area = areas?.find((candidate) => candidate.id === routeArea);
  const firstArea = areas?.[0];
  const bar = visibleTabs({
    route,
    area,
    firstArea,
    isFullScreen: isPhone && isFullScreenOnPhone(route),
  });
  const areaId = (area ?? firstArea)?.id;
  const tabs = bar.kind === 'tabs' ? bar.tabs : [];
  const openEvents = useAreaOpenEventCount(tabs.includes('irrigation') ? areaId : undefined);
  const radios = useAreaRadios(tabs.includes('telemetry') ? areaId : undefined);
  const siteId = routeSiteId(route);
  // The units serving the area count too, as on the Telemetry page.
  const units = useSiteUnits(siteId ?? 0, {
    enabled: siteId !== undefined && tabs.includes('telemetry'),
  });
  const areaUnits = (units.data ?? []).filter(
    (unit) => areaId !== undefined && unit.areas.includes(areaId),
  );

  if (bar.kind === 'hidden' || siteId === undefined) return null;
  if (bar.kind === 'loading') {
    return (
      <Box
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text size="sm" c="dimmed">
          {t('Common.Loading')}
        </Text>
      </Box>
    );
  }

  const iconsOnly = tabPresentation(isPhone) === 'iconsOnly';
  return (
    <Tabs
      value={bar.active}
      onChange={(tab) => {
        if (tab !== null && tab !== bar.active)
          void navigate(tabPath(tab as TabId, siteId, areaId ?? 0));
      }}
    >
      <Tabs.List
        grow={iconsOnly}
        style={{ flexWrap: 'nowrap', overflowX: 'auto' }}
        aria-label={t('Tabs.Label')}
      >
        {bar.tabs.map((tab) => {
          const label = t(TAB_LABEL_KEYS[tab]);
          return (
            <Tabs.Tab
              key={tab}
              value={tab}
              leftSection={TAB_ICONS[tab]}
              aria-label={iconsOnly ? label : undefined}
              rightSection={
                tab === 'irrigation' ? (
                  <CountBadge count={openEvents.data} label={t('Tabs.OpenEvents')} />
                ) : tab === 'telemetry' && radios.data ? (
                  <TelemetryStatusLabel
                    radios={radios.data}
                    units={areaUnits}
                    compact={iconsOnly}
                  />
                ) : undefined
              }
            >
              {iconsOnly ? null : label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}

function CountBadge({ count, label }: { count: number | undefined; label: string }) {
  const text = badgeCount(count);
  if (text === null) return null;
  return (
    <Badge
      size="sm"
      circle={text.length === 1}
      color="fault"
      variant="filled"
      aria-label={`${label}: ${text}`}
    >
      {text}
    </Badge>
  );
}

function TelemetryStatusLabel({
  radios,
  units,
  compact,
}: {
  radios: Parameters<typeof telemetryStatus>[0];
  units: Parameters<typeof telemetryStatus>[2];
  compact: boolean;
}) {
  const { t } = useTranslation();
  const now = useNow(CLOCK_TICK_MS);
  const status = telemetryStatus(radios, now, units);
  const since = lastUpdateText(status.lastUpdate, t);
  return (
    <Group gap={4} wrap="nowrap">
      {!compact && (
        <Text size="xs" c="dimmed" aria-label={t('Tabs.LastUpdate', { time: since })}>
          {since}
        </Text>
      )}
      <CountBadge count={status.faults} label={t('Tabs.Faults')} />
    </Group>
  );
}
