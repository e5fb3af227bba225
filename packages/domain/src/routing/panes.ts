/** Pane ids and default panes (§2 Pane ids). */
import type { HardwareListView, Pane, ZoneViewPane } from '../entities/vocabulary.ts';
import { hardwareListViewSchema, zoneViewPaneSchema } from '../entities/vocabulary.ts';

/** Numeric pane ids as stored in preferences (telemetryPane, modulePane…). */
export const PANE_IDS = {
  irrigation: 1,
  /** Frost has a pane id but no route of its own; see `areaPage`. */
  frost: 2,
  addons: 3,
  telemetry: 4,
  summary: 5,
  weather: 6,
  users: 7,
} as const satisfies Record<Pane, number>;
export type PaneId = (typeof PANE_IDS)[Pane];

/** The pane of a stored id, or undefined for an id §2 does not name. */
export function paneOfId(id: number): Pane | undefined {
  return (Object.keys(PANE_IDS) as Pane[]).find((pane) => PANE_IDS[pane] === id);
}

/** Irrigation panes: only the map, which is the default. */
export const IRRIGATION_PANES = ['map'] as const;
export type IrrigationPane = (typeof IRRIGATION_PANES)[number];
export const DEFAULT_IRRIGATION_PANE: IrrigationPane = 'map';

/** Options of the irrigation map: zones, the default. */
export const IRRIGATION_MAP_OPTIONS = ['zones'] as const;
export type IrrigationMapOption = (typeof IRRIGATION_MAP_OPTIONS)[number];
export const DEFAULT_IRRIGATION_MAP_OPTION: IrrigationMapOption = 'zones';

/** Zone views show these panes, in this order. */
export const ZONE_VIEW_PANES: readonly ZoneViewPane[] = zoneViewPaneSchema.options;

/** Hardware list views, in this order. */
export const HARDWARE_LIST_VIEWS: readonly HardwareListView[] = hardwareListViewSchema.options;

export const DEFAULT_DASHBOARD_PANE: Pane = 'irrigation';
export const DEFAULT_DETAIL_PANE: Pane = 'summary';
