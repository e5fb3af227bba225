/**
 * Flow supervision's settings (issue 30 item 1): a zone's limits and designed flow, learning its
 * flow now, and a water meter's limits with what the supervisor sees on it. Reading needs view
 * of the zone or meter; setting and learning need edit of it, as the zone's other settings do.
 */
import { flowSupervisionEndpoints, refuse } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import {
  meterFlowOf,
  saveMeterLimits,
  saveZoneFlowSettings,
  zoneFlowOf,
  zoneFlowsOfArea,
} from './flow.repository.ts';
import { learnAreaFlows } from './learned-flows.ts';
import { presentMeterFlow, presentZoneFlow } from './flow.presenter.ts';

export async function flowSupervisionRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const endpoints = flowSupervisionEndpoints;

  async function zoneFlow(sectionId: number) {
    const zone = await zoneFlowOf(db, sectionId);
    // Deleted between the privilege check and the read.
    if (!zone) throw notFound('Section');
    return presentZoneFlow(zone);
  }

  /** A water meter, or 404: no other sensor has a flow to supervise. */
  async function meter(sensorId: number) {
    const row = await meterFlowOf(db, sensorId);
    if (!row) throw notFound('Sensor');
    if (row.type !== 'watermeter') {
      throw refuse.invalid('id', 'Only a water meter has flow limits');
    }
    return row;
  }

  route(app, endpoints.getZoneFlow, async (request) => {
    await requireObject(db, request, 'section', request.params.id, 'view');
    return zoneFlow(request.params.id);
  });

  route(app, endpoints.updateZoneFlow, async (request) => {
    const sectionId = request.params.id;
    await requireObject(db, request, 'section', sectionId, 'edit');
    const zone = await zoneFlowOf(db, sectionId);
    if (!zone) throw notFound('Section');
    noteBefore(request, presentZoneFlow(zone));
    await saveZoneFlowSettings(db, { sectionId, siteId: zone.siteId }, request.body);
    return zoneFlow(sectionId);
  });

  route(app, endpoints.learnZoneFlow, async (request) => {
    const sectionId = request.params.id;
    await requireObject(db, request, 'section', sectionId, 'edit');
    const zone = await zoneFlowOf(db, sectionId);
    if (!zone) throw notFound('Section');
    // The whole area is learned: its zones share its meters, and one read serves them all.
    await learnAreaFlows(db, zone.areaId, clock.now());
    return zoneFlow(sectionId);
  });

  route(app, endpoints.getMeterFlow, async (request) => {
    await requireObject(db, request, 'sensor', request.params.id, 'view');
    const row = await meter(request.params.id);
    return presentMeterFlow(row, await zoneFlowsOfArea(db, row.areaId));
  });

  route(app, endpoints.updateMeterFlow, async (request) => {
    const sensorId = request.params.id;
    await requireObject(db, request, 'sensor', sensorId, 'edit');
    const row = await meter(sensorId);
    // The area's zones are not changed by a meter's limits: one read serves before and after.
    const zones = await zoneFlowsOfArea(db, row.areaId);
    noteBefore(request, presentMeterFlow(row, zones));
    await saveMeterLimits(db, { sensorId, siteId: row.siteId }, request.body.limits);
    return presentMeterFlow(await meter(sensorId), zones);
  });
}
