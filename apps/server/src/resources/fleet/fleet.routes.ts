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
  compareAttention,
  fanAttention,
  fanFaultSince,
  fleetEndpoints,
  hasPrivilege,
  isFrostFan,
  programAttention,
  radioAttention,
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

/** A row before its site's label and route are added. */
type Found = Omit<FleetItem, 'site' | 'route'> & { siteId: number };

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
    const labels = await siteLabels(db, [...new Set(found.map((item) => item.siteId))]);
    const items: FleetItem[] = found
      .filter((item) => kind === undefined || item.kind === kind)
      .filter((item) => {
        const access = accessOf.get(item.siteId);
        return access !== undefined && hasPrivilege(areaPrivileges(access, item.area.id), 'view');
      })
      .map(({ siteId, ...item }) => ({
        ...item,
        site: { id: siteId, label: labels.get(siteId) ?? '' },
        route: attentionRoute(siteId, item.area.id, item.target),
      }))
      .sort(compareAttention);
    return {
      generatedAt: now.toISOString(),
      items: items.slice(0, limit),
      total: items.length,
      sites: attentionBySite(items),
    };
  });

  /** Every kind's rows of the sites, judged by the rule. */
  async function gather(siteIds: number[], now: Date): Promise<Found[]> {
    const [alarms, radios, programs, fans] = await Promise.all([
      raisedAlarms(db, siteIds),
      unwellRadios(db, siteIds),
      failedPrograms(db, siteIds),
      fanSensors(db, siteIds),
    ]);
    const at = (time: Date | null) => (time ?? now).toISOString();
    const where = (row: { siteId: number; areaId: number; areaLabel: string }) => ({
      siteId: row.siteId,
      area: { id: row.areaId, label: row.areaLabel },
    });
    const items: Found[] = [];
    for (const alarm of alarms) {
      const need = alarmAttention(alarm);
      if (!need) continue;
      items.push({
        ...need,
        ...where(alarm),
        since: at(alarm.raisedAt),
        target: { kind: 'alarm', id: alarm.id, label: alarm.label },
        text: alarm.raisedValue === null ? '' : String(alarm.raisedValue),
      });
    }
    for (const radio of radios) {
      const need = radioAttention(radio, now);
      if (!need) continue;
      items.push({
        ...need,
        ...where(radio),
        since: at(radio.lastUpdate),
        target: { kind: 'radio', id: radio.id, label: radio.serialno },
        text: need.kind === 'lowBattery' ? `${radio.batteryValue} V` : '',
      });
    }
    for (const program of programs) {
      const need = programAttention(program.lastRequest);
      if (!need) continue;
      items.push({
        ...need,
        ...where(program),
        since: program.failedAt.toISOString(),
        target: { kind: 'program', id: program.id, label: program.name },
        text: program.reason ?? '',
      });
    }
    for (const fan of fans) {
      if (!isFrostFan(fan)) continue;
      const need = fanAttention(fanHealth(fan));
      if (!need) continue;
      const { reasons, ...attention } = need;
      items.push({
        ...attention,
        ...where(fan),
        since:
          fanFaultSince(reasons, fan.topics, fan.lastUpdate?.toISOString() ?? null) ?? at(null),
        target: { kind: 'sensor', id: fan.id, label: fan.label },
        text: reasons.join(', '),
      });
    }
    return items;
  }
}
