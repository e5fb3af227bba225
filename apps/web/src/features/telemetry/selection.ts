/**
 * What the Telemetry page opens on, from its URL (§2): `?radio={id}` or `?unit={id}`, or the
 * telemetry asset route's detail segments /{siteId}/telemetry/{area}/{type}/{id}; a `list` or
 * `map` detail picks the main pane.
 */
import type { HardwareListView, TelemetryRoute } from '@paddock/domain';
import type { HardwareSelection } from '../../components/hardware/hardware-items.ts';

export function routeSelection(route: TelemetryRoute): HardwareSelection | null {
  if (route.select) return { kind: route.select.type, id: route.select.id };
  if ((route.detail === 'radio' || route.detail === 'unit') && route.detailId !== undefined) {
    return { kind: route.detail, id: route.detailId };
  }
  return null;
}

export function routePane(route: TelemetryRoute): HardwareListView | undefined {
  if (route.detail === 'list') return 'List';
  if (route.detail === 'map') return 'Map';
  return undefined;
}
