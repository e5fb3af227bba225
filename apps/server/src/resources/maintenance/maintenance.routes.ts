/**
 * The maintenance worklist (issue 12; docs/maintenance.md): GET sites/{id}/maintenance, the
 * site's radios and units that need a visit, most urgent first, grouped by area.
 *
 * Access: a member of the site with view on the site or on at least one of its areas; each
 * device is listed only under areas the caller may view (§6: site ∪ area lists), so a crew
 * member given one block sees that block's devices and no others. A unit serving several areas
 * is listed once, under the first of them (by label) the caller may view.
 */
import {
  batteryTrend,
  fairUse,
  FAIR_USE_WINDOW_MS,
  hasPrivilege,
  maintenanceReasons,
  maintenanceUrgency,
  signalTrend,
  siteEndpoints,
  sortWorklistAreas,
  type MaintenanceArea,
  type MaintenanceItem,
  type Trend,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { areaPrivileges, loadSiteAccess } from '../../permissions/access.ts';
import { siteExists } from '../sites/site.repository.ts';
import {
  airtimeOfSite,
  areaLabels,
  devicesOfSite,
  healthHistory,
  type HealthHistory,
} from './maintenance.repository.ts';

/**
 * How long a site's battery and signal history is reused. Trends are fitted to daily medians and
 * move over days: five minutes old is as good as fresh, and the 60 s page refresh of every
 * crew member's console does not read weeks of rollups each time. Present health (overdue,
 * fault, low battery) is read fresh on every call.
 */
const HISTORY_KEPT_MS = 5 * 60_000;
/** Sites whose history is kept at once (per process). */
const HISTORY_SITES_KEPT = 200;

export async function maintenanceRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const histories = new Map<number, { readAt: number; history: Promise<HealthHistory> }>();
  const historyOf = (siteId: number, now: Date): Promise<HealthHistory> => {
    const kept = histories.get(siteId);
    if (kept && now.getTime() - kept.readAt < HISTORY_KEPT_MS) return kept.history;
    const history = healthHistory(db, siteId, now);
    // A failed read is not kept: the next call tries again.
    history.catch(() => histories.delete(siteId));
    histories.delete(siteId);
    histories.set(siteId, { readAt: now.getTime(), history });
    if (histories.size > HISTORY_SITES_KEPT) {
      const oldest = histories.keys().next().value;
      if (oldest !== undefined) histories.delete(oldest);
    }
    return history;
  };

  route(app, siteEndpoints.getSiteMaintenance, async (request) => {
    const siteId = request.params.id;
    const { withinDays } = request.query;
    if (!(await siteExists(db, siteId))) throw notFound('Site');
    const access = await loadSiteAccess(db, authOf(request).userId, siteId);
    if (!access) throw forbidden('Not a member of this site');
    const labels = await areaLabels(db, siteId);
    const mayView = (areaId: number | null) => hasPrivilege(areaPrivileges(access, areaId), 'view');
    if (!mayView(null) && ![...labels.keys()].some(mayView)) {
      throw forbidden('Requires the view privilege on this site or one of its areas');
    }

    const now = clock.now();
    const [devices, history, airtime] = await Promise.all([
      devicesOfSite(db, siteId),
      historyOf(siteId, now),
      airtimeOfSite(db, siteId, new Date(now.getTime() - FAIR_USE_WINDOW_MS)),
    ]);
    const groups = new Map<number | null, MaintenanceArea>();
    for (const device of devices) {
      // The first area the caller may view, by label; none (a device in no area) needs site view.
      const areaId =
        device.areaIds.length === 0
          ? null
          : ([...device.areaIds]
              .filter((id) => labels.has(id) && mayView(id))
              .sort((a, b) => (labels.get(a) ?? '').localeCompare(labels.get(b) ?? ''))[0] ??
            undefined);
      if (areaId === undefined || (areaId === null && !mayView(null))) continue;

      const readings = history.get(`${device.kind}:${device.id}`);
      const battery = readings?.battery.length ? batteryTrend(readings.battery, now) : null;
      const signal = readings?.signal.length ? signalTrend(readings.signal, now) : null;
      const uplinks = device.kind === 'radio' ? airtime.get(device.id) : undefined;
      const use = uplinks ? fairUse(uplinks, now) : null;
      const input = { ...device, battery, signal, airtime: use?.state ?? null };
      const reasons = maintenanceReasons(input, now, withinDays);
      if (reasons.length === 0) continue;
      const item: MaintenanceItem = {
        kind: device.kind,
        id: device.id,
        serialno: device.serialno,
        type: device.type,
        section: device.section,
        reasons,
        urgency: maintenanceUrgency(input, reasons, now, withinDays),
        overdue: device.overdue,
        fault: device.fault,
        online: device.online,
        batteryValue: device.batteryValue,
        signalValue: device.signalValue,
        missesValue: device.missesValue,
        lastUpdate: device.lastUpdate?.toISOString() ?? null,
        reportIntervalSeconds: device.reportIntervalSeconds,
        battery: presentTrend(battery),
        signal: presentTrend(signal),
        airtime: use && {
          state: use.state,
          usedSeconds: roundTo(use.usedSeconds, 2),
          projectedSeconds: roundTo(use.projectedSeconds, 2),
          limitSeconds: use.limitSeconds,
        },
      };
      let group = groups.get(areaId);
      if (!group) {
        group = {
          area: areaId === null ? null : { id: areaId, label: labels.get(areaId) ?? '' },
          items: [],
        };
        groups.set(areaId, group);
      }
      group.items.push(item);
    }
    return {
      siteId,
      generatedAt: now.toISOString(),
      withinDays,
      areas: sortWorklistAreas([...groups.values()]),
    };
  });
}

const roundTo = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** A trend with its numbers rounded as the worklist shows them (mV, tenths of a dB). */
function presentTrend(trend: Trend | null): Trend | null {
  if (!trend) return null;
  const round = (value: number | null, places: number) =>
    value === null ? null : roundTo(value, places);
  return { ...trend, slopePerDay: round(trend.slopePerDay, 5), level: round(trend.level, 3) };
}
