/**
 * Chart series (issue 4; docs/api.md): GET sensors/{id}/series and controls/{id}/series, a
 * metric's readings over a §9 chart interval or an explicit range, one point per bucket; and
 * GET radios/{id}/series and units/{id}/series, the device's health (battery, signal, misses) as
 * its status reports gave it (issue 12).
 */
import { idParamSchema } from '../entities/params.ts';
import { seriesQuerySchema, seriesSchema } from '../telemetry/series.ts';
import { defineEndpoint } from './endpoint.ts';

export const telemetryEndpoints = {
  getSensorSeries: defineEndpoint({
    method: 'GET',
    path: '/sensors/:id/series',
    tag: 'telemetry',
    summary:
      "A sensor metric's readings for a chart: one point per bucket, at most 2 per pixel of width",
    params: idParamSchema,
    query: seriesQuerySchema,
    responses: { 200: seriesSchema },
  }),
  getControlSeries: defineEndpoint({
    method: 'GET',
    path: '/controls/:id/series',
    tag: 'telemetry',
    summary:
      "A control metric's readings for a chart: one point per bucket, at most 2 per pixel of width",
    params: idParamSchema,
    query: seriesQuerySchema,
    responses: { 200: seriesSchema },
  }),
  getRadioSeries: defineEndpoint({
    method: 'GET',
    path: '/radios/:id/series',
    tag: 'telemetry',
    summary:
      "A radio's battery (V), signal (dBm) or misses from its status reports, for a chart: one point per bucket",
    params: idParamSchema,
    query: seriesQuerySchema,
    responses: { 200: seriesSchema },
  }),
  getUnitSeries: defineEndpoint({
    method: 'GET',
    path: '/units/:id/series',
    tag: 'telemetry',
    summary:
      "A unit's battery (V), signal (dBm) or misses from its status reports, for a chart: one point per bucket",
    params: idParamSchema,
    query: seriesQuerySchema,
    responses: { 200: seriesSchema },
  }),
};
