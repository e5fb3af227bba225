/**
 * The panes of the hardware views (§2 "Hardware list views: Map, List, Events, Alarms, Detail,
 * Chart, Telemetry"), as data: a page passes the list it wants, so a pane (the Chart) is added
 * by adding an entry, not by editing the views.
 *
 * - `main` panes fill the page's large part (List, Map; remembered under the page's main
 *   preference: `telemetryPane` on Telemetry, `modulePane` on add-ons, weather, frost);
 * - `side` panes sit beside it (Detail, Events, Alarms, Chart; remembered as
 *   `telemetryHardwarePane`). On phones every pane but Detail is one choice of a single bar, the
 *   list first, and the Detail opens full screen.
 */
import { Skeleton } from '@mantine/core';
import type { Area, HardwareListView, Site } from '@paddock/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import type { HardwareItem, HardwareSelection } from './hardware-items.ts';

// The events and alarms load when their pane is first shown: neither is the first pane of a
// page, and their chunks (acknowledgements, toasts) would otherwise hold back its first paint.
const AreaEventsPane = lazy(() =>
  import('./area-events-pane.tsx').then((m) => ({ default: m.AreaEventsPane })),
);
const AreaAlarmsPane = lazy(() =>
  import('./area-alarms-pane.tsx').then((m) => ({ default: m.AreaAlarmsPane })),
);
const PANE_LOADING = <Skeleton h={160} />;

/** A lazily loaded side pane: a placeholder while the devices load, then while its code does. */
const sidePane = (loading: boolean, pane: ReactNode) =>
  loading ? PANE_LOADING : <Suspense fallback={PANE_LOADING}>{pane}</Suspense>;

/** What every pane is given. */
export interface HardwarePaneContext {
  readonly site: Site;
  readonly area: Area;
  /** The site's time zone (§9), for dates. */
  readonly timeZone: string;
  /** Every row of the area, unfiltered. */
  readonly items: readonly HardwareItem[];
  /** The rows the filter keeps, in the sort's order. */
  readonly shown: readonly HardwareItem[];
  readonly selected: HardwareItem | null;
  readonly select: (selection: HardwareSelection | null) => void;
  readonly now: Date;
  readonly isPhone: boolean;
  /** The devices are still on the way (`items` is empty, nothing is selected yet). */
  readonly loading: boolean;
}

export interface HardwarePane {
  /** The §2 view name, also the stored preference value. */
  readonly id: HardwareListView;
  /** Translation key of the pane's tab. */
  readonly labelKey: string;
  readonly placement: 'main' | 'side';
  /** Shows the selected device (Detail, Chart): selecting a device brings it forward. */
  readonly followsSelection?: boolean;
  /**
   * Drawn by its own render even with an id the views draw themselves: a page's own map (the
   * weather map is the weather page's Map).
   */
  readonly ownDrawing?: boolean;
  readonly render: (context: HardwarePaneContext) => ReactNode;
}

/** The List and Map panes are drawn by the views themselves (they own filter, sort, markers). */
export const LIST_PANE_ID: HardwareListView = 'List';
export const MAP_PANE_ID: HardwareListView = 'Map';
export const DETAIL_PANE_ID: HardwareListView = 'Detail';

export const EVENTS_PANE: HardwarePane = {
  id: 'Events',
  labelKey: 'Hardware.Pane.Events',
  placement: 'side',
  // Once the devices are there: the events of a selected device are its own.
  render: ({ area, timeZone, selected, loading }) =>
    sidePane(loading, <AreaEventsPane areaId={area.id} timeZone={timeZone} selected={selected} />),
};

export const ALARMS_PANE: HardwarePane = {
  id: 'Alarms',
  labelKey: 'Hardware.Pane.Alarms',
  placement: 'side',
  render: ({ site, area, selected, loading }) =>
    sidePane(loading, <AreaAlarmsPane siteId={site.id} areaId={area.id} selected={selected} />),
};

/** Placeholders the views fill in: List, Map and Detail need the views' own state. */
export const LIST_PANE: HardwarePane = {
  id: LIST_PANE_ID,
  labelKey: 'Hardware.Pane.List',
  placement: 'main',
  render: () => null,
};
const MAP_PANE: HardwarePane = {
  id: MAP_PANE_ID,
  labelKey: 'Hardware.Pane.Map',
  placement: 'main',
  render: () => null,
};
export const DETAIL_PANE: HardwarePane = {
  id: DETAIL_PANE_ID,
  labelKey: 'Hardware.Pane.Detail',
  placement: 'side',
  followsSelection: true,
  render: () => null,
};

/** The panes every hardware page has, in their order. A page appends its own (e.g. Chart). */
export const DEFAULT_HARDWARE_PANES: readonly HardwarePane[] = [
  LIST_PANE,
  MAP_PANE,
  DETAIL_PANE,
  EVENTS_PANE,
  ALARMS_PANE,
];

/** The stored pane if the page has it, else the first pane of that placement. */
export function paneOrDefault(
  panes: readonly HardwarePane[],
  stored: string | number | null,
  placement: HardwarePane['placement'] | 'any',
): HardwarePane | undefined {
  const candidates = panes.filter((pane) => placement === 'any' || pane.placement === placement);
  return candidates.find((pane) => pane.id === stored) ?? candidates[0];
}
