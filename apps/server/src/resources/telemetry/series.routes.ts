/**
 * Chart series (issue 4; docs/api.md): GET sensors/{id}/series and controls/{id}/series, a
 * metric's readings over a §9 chart interval or an explicit range, one point per bucket; and
 * GET radios/{id}/series and units/{id}/series, a device's battery, signal or misses (issue 12).
 */
import {
  bucketSeconds,
  CHART_OPTIONS,
  instantText,
  rawReadingsKeptFrom,
  seriesGrid,
  seriesInterval,
  seriesWindow,
  siteReadingRetentionMonths,
  siteTimeZone,
  telemetryEndpoints,
  type Series,
  type SeriesQuery,
  type SeriesThingType,
} from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import {
  readSeriesAverages,
  readSeriesHighLows,
  readSeriesStats,
} from '../../telemetry/series-summary.repository.ts';
import { findSeriesTarget } from './series.repository.ts';

const LABEL: Record<SeriesThingType, string> = {
  sensor: 'Sensor',
  control: 'Control',
  radio: 'Radio',
  unit: 'Unit',
};

export async function seriesRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  const readSeries = async (
    request: FastifyRequest,
    type: SeriesThingType,
    id: number,
    query: SeriesQuery,
  ): Promise<Series> => {
    // The thing's site and series are asked alongside the access check: one round trip, and
    // nothing of them is used unless the check passes.
    const [, target] = await Promise.all([
      requireObject(db, request, type, id, 'view'),
      findSeriesTarget(db, { type, id }, query.metric),
    ]);
    if (!target) throw notFound(LABEL[type]);
    // Decision: a metric the thing neither lists nor has readings of is 404, like any path to
    // nothing; a listed metric with no readings yet is an empty chart.
    if (!target.listed && target.seriesId === null) {
      throw new HttpError(404, `${LABEL[type]} has no metric ${query.metric}`, {
        field: 'metric',
        location: 'querystring',
        reason: `Not a metric of this ${type}`,
      });
    }
    const timeZone = siteTimeZone(target.config, target.tags.country);
    const grid = seriesGrid(seriesWindow(query, clock.now(), timeZone), query.width, timeZone);
    const fields: Omit<Series, 'option' | 'points'> = {
      thing: { type, id },
      metric: query.metric,
      interval: seriesInterval(query),
      timezone: timeZone,
      from: grid.from.toISOString(),
      to: grid.to.toISOString(),
      bucket: { unit: grid.unit, size: grid.size },
      bucketSeconds: bucketSeconds(grid),
    };
    // Before the site's raw readings kept (issue 34), buckets come from the half-hour rollups,
    // and the answer says from when the readings themselves are there.
    const keptFrom = new Date(
      rawReadingsKeptFrom(clock.now().getTime(), siteReadingRetentionMonths(target.config)),
    );
    const rawFrom = grid.from < keptFrom ? keptFrom : undefined;
    if (rawFrom) fields.rawReadingsFrom = instantText(rawFrom.getTime());
    const seriesId = target.seriesId;
    // The exports' summaries come only when asked for: a chart draws from points alone.
    if (query.stats === true) {
      const stats =
        seriesId === null ? [] : await readSeriesStats(db, seriesId, grid, undefined, rawFrom);
      fields.stats = stats.map((b): [string, number, number, number, number] => [
        instantText(b.start.getTime()),
        b.low,
        b.high,
        b.average,
        b.count,
      ]);
    }
    if (query.option === CHART_OPTIONS.average) {
      const averages =
        seriesId === null ? [] : await readSeriesAverages(db, seriesId, grid, undefined, rawFrom);
      return {
        ...fields,
        option: CHART_OPTIONS.average,
        points: averages.map((b): [string, number] => [instantText(b.start.getTime()), b.average]),
      };
    }
    const highLows =
      seriesId === null ? [] : await readSeriesHighLows(db, seriesId, grid, undefined, rawFrom);
    return {
      ...fields,
      option: CHART_OPTIONS.highLow,
      points: highLows.map((b): [string, number, number] => [
        instantText(b.start.getTime()),
        b.low,
        b.high,
      ]),
    };
  };

  route(app, telemetryEndpoints.getSensorSeries, async (request) =>
    readSeries(request, 'sensor', request.params.id, request.query),
  );
  route(app, telemetryEndpoints.getControlSeries, async (request) =>
    readSeries(request, 'control', request.params.id, request.query),
  );
  route(app, telemetryEndpoints.getRadioSeries, async (request) =>
    readSeries(request, 'radio', request.params.id, request.query),
  );
  route(app, telemetryEndpoints.getUnitSeries, async (request) =>
    readSeries(request, 'unit', request.params.id, request.query),
  );
}
