/** GET areas/{id}/water-use (issue 14): water used per zone and per day, and zone flows. */
import {
  attributeWaterUse,
  siteTimeZone,
  waterUseEndpoints,
  zoneRunsFromReadings,
  type WaterUse,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { readWaterUseSource } from './water-use.repository.ts';

const DAY_MS = 86_400_000;
/** Volumes are given to the litre. */
const litres = (m3: number) => Math.round(m3 * 1000) / 1000;

export async function waterUseRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  route(app, waterUseEndpoints.getWaterUse, async (request): Promise<WaterUse> => {
    const areaId = request.params.id;
    await requireObject(db, request, 'area', areaId, 'view');
    const to = clock.now();
    const from = new Date(to.getTime() - request.query.days * DAY_MS);
    const source = await readWaterUseSource(db, areaId, { from, to });
    if (!source.timezone) throw notFound('Area');
    const timeZone = siteTimeZone(
      source.timezone.config as { timezone?: string } | null,
      source.timezone.country,
    );
    const runs = [...source.valves.entries()].flatMap(([section, valves]) =>
      zoneRunsFromReadings(section, [...valves.values()], to.getTime()).map((run) => ({
        ...run,
        start: Math.max(run.start, from.getTime()),
      })),
    );
    const use = attributeWaterUse({ meters: [...source.meters.values()], runs, timeZone });
    const labels = new Map(source.sections.map((section) => [section.id, section.label]));
    return {
      area: areaId,
      timezone: timeZone,
      from: from.toISOString(),
      to: to.toISOString(),
      meters: [...source.meters.keys()],
      days: use.days.map((day) => ({
        date: day.date,
        zones: Object.entries(day.zones).map(([section, volume]) => ({
          section: Number(section),
          volume: litres(volume),
        })),
        unattributed: litres(day.unattributed),
      })),
      zones: use.zones.map((zone) => ({
        section: zone.zoneId,
        label: labels.get(zone.zoneId) ?? String(zone.zoneId),
        volume: litres(zone.volume),
        hours: Math.round(zone.hours * 100) / 100,
        latestFlow: zone.latestFlow === null ? null : Math.round(zone.latestFlow * 10) / 10,
        usualFlow: zone.usualFlow === null ? null : Math.round(zone.usualFlow * 10) / 10,
        flagged: zone.flagged,
      })),
      unattributed: litres(use.unattributed),
    };
  });
}
