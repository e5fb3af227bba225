/**
 * The main layout (§2 Header and sidebar, Top tab bar): a valid session is required; unknown paths
 * are sent on (domain unknownPathRedirect); then the header with the user menu, the off-canvas
 * sidebar, the tab bar and the page (fading in), plus the modals the header and sidebar open.
 * Features are composed here: they never import each other.
 */
import { AppShell, Overlay } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import {
  headerLeading,
  isPhoneUserAgent,
  routeAreaId,
  routeSiteId,
  showSummaryButton,
  showUsersLink,
  SIDEBAR_OFF_CANVAS_PADDING_PX,
  SIDEBAR_PADDING_PX,
  sitePath,
  summaryPath,
  supportLink,
  unknownPathRedirect,
  type Privilege,
  type Site,
} from '@paddock/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useAreaSections } from '../../../data/areas/get-area-sections.ts';
import { canReadAudit } from '../../../data/audit/can-read-audit.ts';
import { useSitePrivileges } from '../../../data/privileges/get-site-privileges.ts';
import { usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { useSite } from '../../../data/sites/get-site.ts';
import { useUserSites } from '../../../data/sites/get-sites.ts';
import { SoftwareUpdateModal } from '../../../features/app-update/components/software-update-modal.tsx';
import { useAppUpdate } from '../../../features/app-update/hooks/use-app-update.ts';
import { AppHeader } from '../../../features/layout/components/app-header.tsx';
import { AreaRename } from '../../../features/layout/components/area-rename.tsx';
import { AppSidebar } from '../../../features/layout/components/app-sidebar.tsx';
import { PageFade } from '../../../features/layout/components/page-fade.tsx';
import { TopTabBar } from '../../../features/layout/components/top-tab-bar.tsx';
import { UserMenu } from '../../../features/layout/components/user-menu.tsx';
import { translatedHeaderTitle } from '../../../features/layout/header-title.ts';
import { useRecentSites } from '../../../features/layout/hooks/use-recent-sites.ts';
import { useSidebar } from '../../../features/layout/hooks/use-sidebar.ts';
import { visitRecentSite } from '../../../features/layout/recent-sites.ts';
import { useUserContact } from '../../../features/profile/api/get-user-contact.ts';
import { useLogout } from '../../../features/session/api/logout.ts';
import { RequireSession } from '../../../features/session/components/require-session.tsx';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { useSiteFilter } from '../../../features/site-filter/hooks/use-site-filter.ts';
import { RouteGuard } from '../../../features/site-routing/components/route-guard.tsx';
import { openSiteFilter } from '../../../features/site-filter/site-filter-store.ts';
import { PRODUCT_NAME, SUPPORT_BASE_URL } from '../../../config/support.ts';
import { useStorePlaces } from '../../../lib/place-storage.ts';
import { useParsedRoute } from '../use-parsed-route.ts';
import { ShellModals, useShellModals } from './main-layout-modals.tsx';

const HEADER_HEIGHT_PX = 56;
const EDIT: Privilege = 'edit';

export function Component() {
  return (
    <RequireSession>
      <MainLayout />
    </RequireSession>
  );
}

function MainLayout() {
  const route = useParsedRoute();
  const { pathname } = useLocation();
  // §2 "Any unknown path redirects to /" (a path starting with dashboard to /dashboard).
  if (route.kind === 'unknown') return <Navigate to={unknownPathRedirect(pathname)} replace />;
  return <Shell />;
}

function Shell() {
  const { t } = useTranslation();
  const route = useParsedRoute();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const session = useSession();
  const logout = useLogout();
  const update = useAppUpdate();
  const [isPhone] = useState(() => isPhoneUserAgent(navigator.userAgent));
  const sidebar = useSidebar(isPhone);
  const modals = useShellModals(sidebar.close);
  const open = modals.open;

  const siteId = routeSiteId(route);
  const areaId = routeAreaId(route);
  const { filter, active: filterActive } = useSiteFilter();
  const sites = useUserSites({ filter });
  const site = useSite(siteId);
  const currentSite = site.data?.id === siteId ? site.data : undefined;
  const privileges = usePrivileges(siteId);
  const privilegesFailed = useSitePrivileges(siteId).isError;
  const contact = useUserContact(siteId);
  const sections = useAreaSections(route.kind === 'zone' ? route.areaId : undefined);
  const recent = useRecentSites(session.uid);
  useVisitRecentSite(session.uid, currentSite);
  useStorePlaces(route);
  const { setNavbarNode, setMenuButtonNode } = useCloseSidebarOnOutsideClick(sidebar);

  const area = currentSite?.areas?.find((candidate) => candidate.id === areaId);
  const title = translatedHeaderTitle(
    route,
    {
      siteLabel: currentSite?.label,
      areaLabel: area?.label,
      zoneLabel:
        route.kind === 'zone'
          ? sections.data?.find((section) => section.id === route.sectionId)?.label
          : undefined,
    },
    t,
  );
  const held = privileges.site;

  // The page fades in when the matched route changes, not on every query change.
  const pageKey = matches.at(-1)?.id ?? pathname;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT_PX }}
      navbar={{
        width: SIDEBAR_PADDING_PX,
        breakpoint: 'sm',
        collapsed: { mobile: !sidebar.opened, desktop: !sidebar.opened },
      }}
      padding={0}
    >
      <AppShell.Header>
        <AppHeader
          leading={headerLeading(route)}
          sidebarOpened={sidebar.opened}
          onToggleSidebar={sidebar.toggle}
          menuButtonRef={setMenuButtonNode}
          title={title}
          titleAction={
            // Where the header names the area (its pages, not a zone's nor the alarms').
            siteId !== undefined && area && title.kind === 'text' && title.text === area.label ? (
              <AreaRename siteId={siteId} area={area} />
            ) : undefined
          }
          summaryPath={
            siteId !== undefined && showSummaryButton(route) ? summaryPath(siteId) : null
          }
          productName={PRODUCT_NAME}
          userMenu={
            <UserMenu
              userName={contact.data?.name ?? session.loginId ?? ''}
              updatePending={update.pending}
              onApplyUpdate={update.apply}
              onOpenProfile={() => open('profile')}
              siteCount={sites.data?.length ?? 0}
              privileges={privileges.held}
              onSwitchUser={() => open('switchUser')}
              supportUrl={supportLink(pathname, SUPPORT_BASE_URL)}
              onLogout={() => logout.mutate()}
            />
          }
        />
      </AppShell.Header>

      <AppShell.Navbar
        ref={setNavbarNode}
        id="app-sidebar"
        aria-label={t('Sidebar.Label')}
        // Below the breakpoint the sidebar overlays the page at its own width instead of the
        // full screen, so the outside click that closes it has somewhere to land.
        style={{ width: SIDEBAR_PADDING_PX }}
        inert={!sidebar.opened}
      >
        <AppSidebar
          sites={sites.data}
          site={
            currentSite
              ? { id: currentSite.id, label: currentSite.label, areas: currentSite.areas ?? [] }
              : undefined
          }
          siteId={siteId}
          areaId={areaId}
          canViewUsers={held ? showUsersLink(held) : false}
          canReadAudit={held !== undefined && canReadAudit(privileges.held)}
          canEditSeason={currentSite !== undefined && (held?.includes(EDIT) ?? false)}
          filterActive={filterActive}
          recent={recent}
          onSelectSite={(id) => void navigate(sitePath(id))}
          onOpenFilter={() => {
            sidebar.close();
            openSiteFilter();
          }}
          onOpenSeason={() => open('season')}
          pinned={sidebar.pinned}
          {...(isPhone ? {} : { onPinnedChange: sidebar.setPinned })}
        />
      </AppShell.Navbar>

      <AppShell.Main
        // §2 padding 240 px beside a pinned sidebar; an off-canvas one opens over the page.
        style={sidebar.pinned ? undefined : { paddingInlineStart: SIDEBAR_OFF_CANVAS_PADDING_PX }}
      >
        {sidebar.opened && (
          // Phones: the sidebar overlays the page; a tap beside it closes it (outside click).
          <Overlay fixed hiddenFrom="sm" zIndex={99} backgroundOpacity={0.25} />
        )}
        <TopTabBar route={route} areas={currentSite?.areas} isPhone={isPhone} />
        <PageFade key={pageKey}>
          {/* §2 §6: a page the user's site privileges do not allow is refused before it loads. */}
          <RouteGuard
            route={route}
            sitePrivileges={privileges.site}
            privilegesFailed={privilegesFailed}
          >
            <Outlet />
          </RouteGuard>
        </PageFade>
      </AppShell.Main>

      <ShellModals modals={modals} siteId={siteId} currentSite={currentSite} />
      <SoftwareUpdateModal opened={update.applying} />
    </AppShell>
  );
}

/** §2 RECENT: the visited site goes first. */
function useVisitRecentSite(uid: string | null, currentSite: Site | undefined) {
  const visitedId = currentSite?.id;
  const visitedLabel = currentSite?.label;
  useEffect(() => {
    if (uid !== null && visitedId !== undefined && visitedLabel !== undefined) {
      visitRecentSite(uid, { siteId: visitedId, label: visitedLabel });
    }
  }, [uid, visitedId, visitedLabel]);
}

/** An open sidebar closes on a click outside it and its menu button; the refs to pass them. */
function useCloseSidebarOnOutsideClick(sidebar: ReturnType<typeof useSidebar>) {
  const [navbarNode, setNavbarNode] = useState<HTMLElement | null>(null);
  const [menuButtonNode, setMenuButtonNode] = useState<HTMLButtonElement | null>(null);
  useClickOutside(
    () => {
      if (sidebar.opened) sidebar.close();
    },
    null,
    [navbarNode, menuButtonNode],
  );
  return { setNavbarNode, setMenuButtonNode };
}
