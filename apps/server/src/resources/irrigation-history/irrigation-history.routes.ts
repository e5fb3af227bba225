/**
 * GET areas/{id}/irrigation-history (§9 chart type "irrigation monthly"): per zone and per
 * site-local month or day, the depth applied by its runs (its valves' `running` readings, as the
 * irrigation report and water use read them) against the program's target, and the water its
 * meters measured.
 */
import {
  defaultHistoryRange,
  historyPeriods,
  irrigationHistoryEndpoints,
  localDate,
  meterVolumesByDay,
  siteTimeZone,
  summariseIrrigationHistory,
  zonedTimeToInstant,
  zoneRunsFromReadings,
  type IrrigationHistory,
  type ZoneWaterRun,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { readWaterUseSource } from '../water-use/water-use.repository.ts';
import { presentIrrigationHistoryRow } from './irrigation-history.presenter.ts';
import { areaSiteSettings, programZoneSettings } from './irrigation-history.repository.ts';

/** Longest a run may last (a zone's setting allows 48 hours) and then some. */
const MAX_RUN_MS = 50 * 3_600_000;

/** The instant a site-local day starts. */
function dayStart(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return zonedTimeToInstant({ year, month, day }, timeZone);
}

export async function irrigationHistoryRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  route(
    app,
    irrigationHistoryEndpoints.getIrrigationHistory,
    async (request): Promise<IrrigationHistory> => {
      const areaId = request.params.id;
      const { interval, section } = request.query;
      await requireObject(db, request, 'area', areaId, 'view');
      const now = clock.now();
      const site = await areaSiteSettings(db, areaId);
      if (!site) throw notFound('Area');
      const timeZone = siteTimeZone(site.config, site.tags?.country);
      const range =
        request.query.from !== undefined && request.query.to !== undefined
          ? { from: request.query.from, to: request.query.to }
          : defaultHistoryRange(localDate(now.getTime(), timeZone));
      const from = dayStart(range.from, timeZone).getTime();
      const to = dayStart(range.to, timeZone);
      // A run counts, whole, in the period it started: the valves are read past the range's end
      // by the longest a run may last, so one that goes on past it ends where it ended.
      const source = await readWaterUseSource(db, areaId, {
        from: new Date(from),
        to: new Date(to.getTime() + MAX_RUN_MS),
      });
      if (section !== undefined && !source.sections.some((zone) => zone.id === section)) {
        throw badRequest('section', 'Not a zone of this area');
      }
      const inScope = (id: number) => section === undefined || id === section;
      const until = Math.min(to.getTime() + MAX_RUN_MS, now.getTime());
      const runs: ZoneWaterRun[] = [...source.valves.entries()].flatMap(([id, valves]) =>
        zoneRunsFromReadings(id, [...valves.values()], until),
      );
      const started = runs.filter((run) => run.start >= from && run.start < to.getTime());
      // Every zone's runs share the meters (a mainline meter measures them all), and then only
      // the zone asked for is kept. Water measured within the range only.
      const meters = [...source.meters.values()].map((samples) =>
        samples.filter((sample) => sample.time < to.getTime()),
      );
      const volumes = meterVolumesByDay(meters, runs, timeZone);
      for (const id of volumes.keys()) if (!inScope(id)) volumes.delete(id);
      const rows = summariseIrrigationHistory({
        runs: started.filter((run) => inScope(run.zoneId)),
        volumes,
        settings: await programZoneSettings(db, areaId),
        timeZone,
        interval,
      });
      return {
        area: areaId,
        timezone: timeZone,
        interval,
        from: range.from,
        to: range.to,
        periods: historyPeriods(range, interval),
        zones: source.sections
          .filter((s) => inScope(s.id))
          .sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }) || a.id - b.id)
          .map((s) => ({ section: s.id, label: s.label, metered: volumes.has(s.id) })),
        rows: rows.map(presentIrrigationHistoryRow),
      };
    },
  );
}
