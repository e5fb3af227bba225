/**
 * GET fleet (issue 33 item 4): what needs a person now across the caller's sites, in the domain's
 * order, with each site's count. The rule of what needs a person and the order are the
 * domain's (fleet/attention.ts); this gathers the rows, a handful of statements for any number
 * of sites.
 *
 * Access (§6): the sites the caller is a member of, support staff being members of every site;
 * an item is listed only when the caller may view its area (site ∪ area lists), as the
 * maintenance worklist lists its devices.
 */
import {
  alarmAttention,
  attentionRoute,
  attentionBySite,
  fanAttention,
  fanFaultSince,
  fleetEndpoints,
  hasPrivilege,
  isFrostFan,
  programAttention,
  radioAttention,
  sortAttentionBy,
  type Attention,
  type FleetItem,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { fanHealth } from '../../frost/frost-data.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { areaPrivileges, loadMemberSitesAccess } from '../../permissions/access.ts';
import {
  failedPrograms,
  fanSensors,
  raisedAlarms,
  siteLabels,
  unwellRadios,
} from './fleet.repository.ts';

/**
 * A row before it is sent: its time as milliseconds, and no route yet. Support staff's call finds
 * thousands and sends a hundred; only those get their time written out and their route.
 */
type Found = Omit<FleetItem, 'route' | 'since'> & { sinceMs: number };

/** Where a row stands: its site and area, as the repository reads them. */
type Place = { siteId: number; areaId: number; areaLabel: string };

export async function fleetRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  route(app, fleetEndpoints.getFleet, async (request) => {
    const { site, kind, limit } = request.query;
    const now = clock.now();
    const accesses = (await loadMemberSitesAccess(db, authOf(request).userId)).filter(
      (access) => site === undefined || access.siteId === site,
    );
    const accessOf = new Map(accesses.map((access) => [access.siteId, access]));
    const siteIds = [...accessOf.keys()];
    const found = siteIds.length === 0 ? [] : await gather(siteIds, now);
    // Per area, not per item: support staff's list holds thousands of items in hundreds of areas.
    const viewable = new Map<number, boolean>();
    const mayView = (item: Found) => {
      let may = viewable.get(item.area.id);
      if (may === undefined) {
        const access = accessOf.get(item.site.id);
        may = access !== undefined && hasPrivilege(areaPrivileges(access, item.area.id), 'view');
        viewable.set(item.area.id, may);
      }
      return may;
    };
    const items = sortAttentionBy(
      found.filter((item) => (kind === undefined || item.kind === kind) && mayView(item)),
      (item) => item.sinceMs,
    );
    return {
      generatedAt: now.toISOString(),
      items: items.slice(0, limit).map(({ sinceMs, ...item }): FleetItem => ({
        ...item,
        since: new Date(sinceMs).toISOString(),
        route: attentionRoute(item.site.id, item.area.id, item.target),
      })),
      total: items.length,
      sites: attentionBySite(items),
    };
  });

  /**
   * Every kind's rows of the sites, judged by the rule. Rows are built field by field, not
   * spread: support staff's call makes thousands, and spreading them cost more than the SQL.
   */
  async function gather(siteIds: number[], now: Date): Promise<Found[]> {
    const [labels, alarms, radios, programs, fans] = await Promise.all([
      siteLabels(db, siteIds),
      raisedAlarms(db, siteIds),
      unwellRadios(db, siteIds),
      failedPrograms(db, siteIds),
      fanSensors(db, siteIds),
    ]);
    const sites = new Map([...labels].map(([id, label]) => [id, { id, label }]));
    // One object per area, shared by its rows: hundreds of areas, thousands of rows.
    const areas = new Map<number, Found['area']>();
    const areaOf = (row: Place) => {
      let area = areas.get(row.areaId);
      if (!area) {
        area = { id: row.areaId, label: row.areaLabel };
        areas.set(row.areaId, area);
      }
      return area;
    };
    const items: Found[] = [];
    const add = (
      need: Attention,
      row: Place,
      since: Date | null,
      target: Found['target'],
      text: string,
    ) => {
      items.push({
        kind: need.kind,
        severity: need.severity,
        sinceMs: (since ?? now).getTime(),
        site: sites.get(row.siteId) ?? { id: row.siteId, label: '' },
        area: areaOf(row),
        target,
        text,
      });
    };
    for (const alarm of alarms) {
      const need = alarmAttention(alarm);
      if (!need) continue;
      const value = alarm.raisedValue === null ? '' : String(alarm.raisedValue);
      add(need, alarm, alarm.raisedAt, { kind: 'alarm', id: alarm.id, label: alarm.label }, value);
    }
    for (const radio of radios) {
      const need = radioAttention(radio, now);
      if (!need) continue;
      const volts = need.kind === 'lowBattery' ? `${radio.batteryValue} V` : '';
      add(
        need,
        radio,
        radio.lastUpdate,
        { kind: 'radio', id: radio.id, label: radio.serialno },
        volts,
      );
    }
    for (const program of programs) {
      const need = programAttention(program.lastRequest);
      if (!need) continue;
      const target = { kind: 'program' as const, id: program.id, label: program.name };
      add(need, program, program.failedAt, target, program.reason ?? '');
    }
    for (const fan of fans) {
      if (!isFrostFan(fan)) continue;
      const need = fanAttention(fanHealth(fan));
      if (!need) continue;
      const since = fanFaultSince(need.reasons, fan.topics, fan.lastUpdate?.toISOString() ?? null);
      const target = { kind: 'sensor' as const, id: fan.id, label: fan.label };
      add(need, fan, since === null ? null : new Date(since), target, need.reasons.join(', '));
    }
    return items;
  }
}
