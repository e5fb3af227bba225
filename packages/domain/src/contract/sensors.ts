/** Sensors (§7): the sensors of an area (under two paths), and the edit of one. */
import { areaQuerySchema, idParamSchema } from '../entities/params.ts';
import { sensorSchema, sensorUpdateBodySchema } from '../entities/sensor.ts';
import { defineEndpoint } from './endpoint.ts';

export const sensorEndpoints = {
  listAreaSensors: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/sensors',
    tag: 'sensors',
    summary: 'The sensors of an area',
    params: idParamSchema,
    responses: { 200: sensorSchema.array() },
  }),
  listSensors: defineEndpoint({
    method: 'GET',
    path: '/sensors',
    tag: 'sensors',
    summary: 'The sensors of an area (same list as areas/{id}/sensors)',
    query: areaQuerySchema,
    responses: { 200: sensorSchema.array() },
  }),
  updateSensor: defineEndpoint({
    method: 'PUT',
    path: '/sensors/:id',
    tag: 'sensors',
    summary: "Edit a sensor's label, location or tags; returns the sensor",
    params: idParamSchema,
    body: sensorUpdateBodySchema,
    responses: { 200: sensorSchema },
  }),
};
