/**
 * The frost forecast (issue 31; docs/api.md "Frost"): tonight's forecast of a frost area, its
 * past nights against what was observed, and "forecast now" from the latest readings.
 */
import { frostEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { warnIfDue } from '../../frost-watch/forecast-warning.ts';
import { listForecastNights, readTonightForecast } from '../../frost/forecast-view.ts';
import { evaluateNight, nightSun, readForecastAreas } from '../../frost/frost-forecast.ts';
import { frostNightOf } from '@paddock/domain';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';

export async function frostForecastRoutes(app: FastifyInstance) {
  const { db, clock, config } = app.ctx;
  const engine = { groupMs: config.alarms.groupMs };

  /** The frost area as the forecast reads it; 404 for another area or a site without a place. */
  const forecastArea = async (areaId: number) => {
    const [area] = await readForecastAreas(db, areaId);
    if (!area) throw notFound('Frost area');
    return area;
  };

  route(app, frostEndpoints.getFrostForecast, async (request) => {
    await requireObject(db, request, 'area', request.params.id, 'view');
    return readTonightForecast(db, await forecastArea(request.params.id), clock.now());
  });

  route(app, frostEndpoints.listFrostForecasts, async (request) => {
    await requireObject(db, request, 'area', request.params.id, 'view');
    await forecastArea(request.params.id);
    return listForecastNights(db, request.params.id, request.query);
  });

  route(app, frostEndpoints.forecastFrostNow, async (request) => {
    await requireObject(db, request, 'area', request.params.id, 'edit');
    const area = await forecastArea(request.params.id);
    const now = clock.now();
    const night = frostNightOf(now, area.frost.timeZone);
    const sun = nightSun(night, area.location, area.frost.timeZone);
    if (sun) {
      const row = await evaluateNight(db, area, night, sun, now, now);
      // The same once-a-night claim as the worker's: pressing it again sends nothing more. Asked
      // for, it may warn at any hour (a compressed demo night runs whenever it is started).
      await warnIfDue(db, area, row, now, engine);
    }
    return readTonightForecast(db, area, now);
  });
}
