import {
  ActionIcon,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  alarmsPath,
  APP_VERSION,
  auditPath,
  PATHS,
  reportsPath,
  showDashboardLink,
  sidebarAreaEntries,
  sitePath,
  summaryPath,
  usersPath,
  type AreaTabId,
  type RecentSiteEntry,
  type RoutingArea,
} from '@paddock/domain';
import {
  IconAntenna,
  IconSnowflake,
  IconBell,
  IconCalendarEvent,
  IconClock,
  IconCloud,
  IconDroplet,
  IconHistory,
  IconLayoutDashboard,
  IconMap2,
  IconPin,
  IconPinnedOff,
  IconPuzzle,
  IconReportAnalytics,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { SelectableSite } from '../site-options.ts';
import { SiteSearch } from './site-search.tsx';

/** The current site as the sidebar shows it. */
interface SidebarSite {
  readonly id: number;
  readonly label: string;
  readonly areas: readonly RoutingArea[];
}

export interface AppSidebarProps {
  /** The user's sites (narrowed by the site filter); undefined while loading. */
  readonly sites: readonly SelectableSite[] | undefined;
  /** The site of the route, once loaded. */
  readonly site: SidebarSite | undefined;
  /** The route's site id, known before the site loads. */
  readonly siteId: number | undefined;
  /** The route's area id: its group starts expanded. */
  readonly areaId: number | undefined;
  readonly canViewUsers: boolean;
  /** The site's audit log (issue 33 item 3): site admins and support staff. */
  readonly canReadAudit?: boolean;
  /** Season item (decision: with the edit privilege, which PUT sites/{id} needs). */
  readonly canEditSeason: boolean;
  readonly filterActive: boolean;
  readonly recent: readonly RecentSiteEntry[];
  readonly onSelectSite: (siteId: number) => void;
  readonly onOpenFilter: () => void;
  readonly onOpenSeason: () => void;
  /** Pinned beside the page, or off-canvas (stored preference sidebarOffCanvas). */
  readonly pinned?: boolean;
  /** Pins or unpins it; absent where there is no room to pin (phones). */
  readonly onPinnedChange?: (pinned: boolean) => void;
}

const ENTRY_ICONS: Record<AreaTabId, ReactNode> = {
  addons: <IconPuzzle size={16} />,
  irrigation: <IconDroplet size={16} />,
  frost: <IconSnowflake size={16} />,
  weather: <IconCloud size={16} />,
  telemetry: <IconAntenna size={16} />,
};

const ENTRY_LABEL_KEYS: Record<AreaTabId, string> = {
  addons: 'Tabs.Addons',
  irrigation: 'Tabs.Irrigation',
  frost: 'Tabs.Frost',
  weather: 'Tabs.Weather',
  telemetry: 'Tabs.Telemetry',
};

/**
 * §2 Sidebar: Dashboard link (more than one site), site search-select with the filter button (or
 * the single site's name), then for the current site Summary, its areas' entries (AddOns,
 * Irrigation, Weather, Telemetry; areas sorted by label and expandable when several), Users
 * (viewUsers) and Season; the RECENT list; the version footer.
 */
export function AppSidebar({
  sites,
  site,
  siteId,
  areaId,
  canViewUsers,
  canReadAudit = false,
  canEditSeason,
  filterActive,
  recent,
  onSelectSite,
  onOpenFilter,
  onOpenSeason,
  pinned = false,
  onPinnedChange,
}: AppSidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const siteCount = sites?.length ?? 0;
  const single = sites !== undefined && siteCount === 1 && !filterActive ? sites[0] : undefined;
  const areas = site ? sidebarAreaEntries(site.id, site.areas) : undefined;

  const link = (to: string, label: string, icon: ReactNode, exact = true) => (
    <NavLink
      key={to}
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={pathname === to || (!exact && pathname.startsWith(`${to}/`))}
    />
  );

  // Decision: each area's alarms page (§2 /{siteId}/{areaId}/alarms) is one click away too,
  // after the spec's entries.
  const alarmsLink = (forArea: number) =>
    siteId === undefined
      ? null
      : link(
          alarmsPath({ siteId, areaId: forArea }),
          t('Sidebar.Alarms'),
          <IconBell size={16} />,
          false,
        );

  return (
    <Stack gap={0} h="100%">
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Stack gap="xs" p="sm">
          {showDashboardLink(siteCount) &&
            link(PATHS.dashboard, t('Sidebar.Dashboard'), <IconMap2 size={16} />)}

          {single ? (
            <Text fw={600} px="xs" py={4}>
              {single.label}
            </Text>
          ) : (
            <SiteSearch
              sites={sites ?? []}
              currentSiteId={siteId}
              onSelect={onSelectSite}
              filterActive={filterActive}
              onOpenFilter={onOpenFilter}
              loading={sites === undefined}
            />
          )}

          {siteId !== undefined && (
            <nav aria-label={t('Sidebar.SiteNavigation')}>
              {link(summaryPath(siteId), t('Sidebar.Summary'), <IconLayoutDashboard size={16} />)}
              {/* Decision: site-wide like Summary, so beside it (docs/reports.md). */}
              {link(reportsPath(siteId), t('Sidebar.Reports'), <IconReportAnalytics size={16} />)}
              {areas?.areas.map((area) =>
                areas.expandable ? (
                  <NavLink
                    key={area.areaId}
                    component="button"
                    label={area.label}
                    childrenOffset={20}
                    defaultOpened={area.areaId === areaId}
                  >
                    {area.entries.map((entry) =>
                      link(
                        entry.path,
                        t(ENTRY_LABEL_KEYS[entry.entry]),
                        ENTRY_ICONS[entry.entry],
                        false,
                      ),
                    )}
                    {alarmsLink(area.areaId)}
                  </NavLink>
                ) : (
                  [
                    ...area.entries.map((entry) =>
                      link(
                        entry.path,
                        t(ENTRY_LABEL_KEYS[entry.entry]),
                        ENTRY_ICONS[entry.entry],
                        false,
                      ),
                    ),
                    alarmsLink(area.areaId),
                  ]
                ),
              )}
              {canViewUsers && link(usersPath(siteId), t('Sidebar.Users'), <IconUsers size={16} />)}
              {canReadAudit &&
                link(auditPath(siteId), t('Sidebar.Audit'), <IconHistory size={16} />)}
              {canEditSeason && (
                <NavLink
                  component="button"
                  label={t('Sidebar.Season')}
                  leftSection={<IconCalendarEvent size={16} />}
                  onClick={onOpenSeason}
                />
              )}
            </nav>
          )}

          {recent.length > 0 && (
            <nav aria-labelledby="sidebar-recent">
              <Divider my={4} />
              <Text id="sidebar-recent" size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4}>
                {t('Sidebar.Recent')}
              </Text>
              {recent.map((entry) =>
                link(sitePath(entry.siteId), entry.label, <IconClock size={16} />, false),
              )}
            </nav>
          )}
        </Stack>
      </ScrollArea>
      <SidebarFooter pinned={pinned} onPinnedChange={onPinnedChange} />
    </Stack>
  );
}

/** The version, and the pin where the sidebar can be pinned. */
function SidebarFooter({
  pinned,
  onPinnedChange,
}: Pick<AppSidebarProps, 'pinned' | 'onPinnedChange'>) {
  const { t } = useTranslation();
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="md"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="xs" c="dimmed">
        {t('App.Version', { version: APP_VERSION })}
      </Text>
      {onPinnedChange && (
        <Tooltip label={t(pinned ? 'Sidebar.Unpin' : 'Sidebar.Pin')}>
          <ActionIcon
            variant={pinned ? 'light' : 'subtle'}
            color="gray"
            aria-label={t('Sidebar.Pin')}
            aria-pressed={pinned}
            onClick={() => onPinnedChange(!pinned)}
          >
            {pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
