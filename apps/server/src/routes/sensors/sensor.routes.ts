/** Sensors (spec §7): GET areas/{id}/sensors and sensors?area={id}, PUT sensors/{id}. */
import {
  areaQuerySchema,
  idParamSchema,
  sensorSchema,
  sensorUpdateBodySchema,
} from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentSensor } from './sensor.presenter.ts';
import { listSensorsOfArea, updateSensor } from './sensor.repository.ts';

const security = [{ bearer: [] }];

export async function sensorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const sensorsOfArea = async (request: FastifyRequest, areaId: number) => {
    await requireObject(db, request, 'area', areaId, 'view');
    const rows = await listSensorsOfArea(db, areaId);
    return rows.map(presentSensor);
  };

  app.get(
    '/areas/:id/sensors',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sensors'],
        summary: 'The sensors of an area',
        security,
        params: idParamSchema,
        response: { 200: sensorSchema.array() },
      },
    },
    async (request) => sensorsOfArea(request, request.params.id),
  );

  app.get(
    '/sensors',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sensors'],
        summary: 'The sensors of an area (same list as areas/{id}/sensors)',
        security,
        querystring: areaQuerySchema,
        response: { 200: sensorSchema.array() },
      },
    },
    async (request) => sensorsOfArea(request, request.query.area),
  );

  app.put(
    '/sensors/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sensors'],
        summary: "Edit a sensor's label, location or tags; returns the sensor",
        security,
        params: idParamSchema,
        body: sensorUpdateBodySchema,
        response: { 200: sensorSchema },
      },
    },
    async (request) => {
      await requireObject(db, request, 'sensor', request.params.id, 'edit');
      const row = await updateSensor(db, request.params.id, request.body);
      if (!row) throw notFound('Sensor');
      return presentSensor(row);
    },
  );
}
