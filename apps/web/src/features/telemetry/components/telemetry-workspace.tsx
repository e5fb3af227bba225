/**
 * The Telemetry page (§2 /{siteId}/telemetry/{areaId}[/{detail}[/{detailId}]], issue 12): the
 * area's radios and units in the shared hardware views, for the maintenance crew. The selection
 * lives in the URL (`?radio={id}`, `?type=unit&target={id}`), so a deep link, the asset route and
 * a reload open on the same device; so does a chosen filter (`?filter=warning`), so a crew can be
 * sent the area's warnings as a link.
 */
import {
  HARDWARE_FILTER,
  hardwareFilterName,
  telemetryPath,
  type Area,
  type HardwareFilter,
  type HardwareFilterName,
  type Site,
  type TelemetryRoute,
} from '@paddock/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { HardwareSelection } from '../../../components/hardware/hardware-items.ts';
import { HardwareLoadFailed } from '../../../components/hardware/hardware-load-state.tsx';
import type { HardwarePane } from '../../../components/hardware/hardware-panes.tsx';
import type { HardwareDetailSection } from '../../../components/hardware/hardware-detail.tsx';
import { HardwareViews } from '../../../components/hardware/hardware-views.tsx';
import { useAreaSections } from '../../../data/areas/get-area-sections.ts';
import { useAreaRadios } from '../../../data/radios/get-area-radios.ts';
import { useSiteUnits } from '../../../data/sites/get-site-units.ts';
import { routePane, routeSelection } from '../selection.ts';

/**
 * Decision: the maintenance page polls its hardware every 10 s rather than with the 60 s route
 * refresh (§2), the pace of the server's overdue sweep, so a radio that goes silent turns
 * overdue here within its interval plus about one sweep. The list is cached by the server and
 * answers 304 when nothing changed, so the faster poll costs little. The Telemetry tab reads the
 * same query, so it moves with the page.
 */
const TELEMETRY_REFRESH_MS = 10_000;

export interface TelemetryWorkspaceProps {
  readonly site: Site;
  readonly area: Area;
  readonly route: TelemetryRoute;
  readonly canPing: boolean;
  readonly canInstall: boolean;
  /** The site's admin (§6 top role): set radios' devEUIs. */
  readonly canSetDevEui: boolean;
  readonly isPhone: boolean;
  /** The panes, when the page adds its own (the Chart). */
  readonly panes?: readonly HardwarePane[];
  readonly detailSections?: readonly HardwareDetailSection[];
}

export function TelemetryWorkspace(props: TelemetryWorkspaceProps) {
  const { site, area, route } = props;
  const navigate = useNavigate();
  const radios = useAreaRadios(area.id, { refetchIntervalMs: TELEMETRY_REFRESH_MS });
  const units = useSiteUnits(site.id, { refetchIntervalMs: TELEMETRY_REFRESH_MS });
  const sections = useAreaSections(area.id);
  const selection = routeSelection(route);
  const pane = routePane(route);

  const go = useCallback(
    (next: HardwareSelection | null, filter: HardwareFilterName | undefined) => {
      void navigate(
        telemetryPath({
          siteId: site.id,
          areaId: area.id,
          ...(pane ? { detail: pane.toLowerCase() } : {}),
          ...(next ? { select: { type: next.kind, id: next.id } } : {}),
          ...(filter ? { filter } : {}),
        }),
        { replace: true },
      );
    },
    [navigate, site.id, area.id, pane],
  );
  const onSelectionChange = useCallback(
    (next: HardwareSelection | null) => go(next, route.filter),
    [go, route.filter],
  );
  const onFilterChange = useCallback(
    (filter: HardwareFilter) => go(selection, hardwareFilterName(filter)),
    [go, selection],
  );

  if (radios.isError && !radios.data) {
    return <HardwareLoadFailed onReload={() => void radios.refetch()} />;
  }
  // While the radios load, the views draw the page's frame (its largest text, the detail's
  // hint, included), so the page is painted with the site rather than after the hardware.
  return (
    <HardwareViews
      site={site}
      area={area}
      loading={!radios.data}
      radios={radios.data ?? EMPTY}
      units={units.data ?? EMPTY}
      {...(sections.data ? { sections: sections.data } : {})}
      selection={selection}
      onSelectionChange={onSelectionChange}
      {...(route.filter ? { routeFilter: HARDWARE_FILTER[route.filter] } : {})}
      onFilterChange={onFilterChange}
      mainPanePreference="telemetryPane"
      {...(props.panes ? { panes: props.panes } : {})}
      {...(props.detailSections ? { detailSections: props.detailSections } : {})}
      {...(pane ? { routePane: pane } : {})}
      canPing={props.canPing}
      canInstall={props.canInstall}
      canSetDevEui={props.canSetDevEui}
      isPhone={props.isPhone}
    />
  );
}

const EMPTY: never[] = [];
