/** Sensors (spec §7): GET areas/{id}/sensors and sensors?area={id}, PUT sensors/{id}. */
import { sensorEndpoints } from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentSensor } from './sensor.presenter.ts';
import { findSensor, listSensorsOfArea, updateSensor } from './sensor.repository.ts';

export async function sensorRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  const sensorsOfArea = async (request: FastifyRequest, areaId: number) => {
    await requireObject(db, request, 'area', areaId, 'view');
    const rows = await listSensorsOfArea(db, areaId);
    return rows.map(presentSensor);
  };

  route(app, sensorEndpoints.listAreaSensors, async (request) =>
    sensorsOfArea(request, request.params.id),
  );

  route(app, sensorEndpoints.listSensors, async (request) =>
    sensorsOfArea(request, request.query.area),
  );

  route(app, sensorEndpoints.updateSensor, async (request) => {
    await requireObject(db, request, 'sensor', request.params.id, 'edit');
    const current = await findSensor(db, request.params.id);
    if (!current) throw notFound('Sensor');
    noteBefore(request, presentSensor(current));
    const row = await updateSensor(db, request.params.id, request.body);
    if (!row) throw notFound('Sensor');
    return presentSensor(row);
  });
}
