/**
 * Alarms of an area (§7): GET and POST areas/{areaId}/alarms, PUT and DELETE
 * areas/{areaId}/alarms/{id}. One rule per alarm; the rule's id is the alarm's id.
 */
import { z } from 'zod';
import {
  alarmCreateBodySchema,
  alarmSchema,
  alarmUpdateBodySchema,
  areaAlarmParamSchema,
  areaAlarmsParamSchema,
} from '../entities/alarm.ts';
import { defineEndpoint } from './endpoint.ts';

export const alarmEndpoints = {
  listAreaAlarms: defineEndpoint({
    method: 'GET',
    path: '/areas/:areaId/alarms',
    tag: 'alarms',
    summary: 'The alarms of an area (view)',
    params: areaAlarmsParamSchema,
    responses: { 200: z.array(alarmSchema) },
  }),
  createAreaAlarm: defineEndpoint({
    method: 'POST',
    path: '/areas/:areaId/alarms',
    tag: 'alarms',
    summary: 'Creates an alarm on a thing of the area (edit)',
    description:
      "The rule's target must be a thing of the area of its targetType; notifications are " +
      "contact notification ids of the area's site. The label is the rule's name.",
    params: areaAlarmsParamSchema,
    body: alarmCreateBodySchema,
    responses: { 201: alarmSchema },
  }),
  updateAreaAlarm: defineEndpoint({
    method: 'PUT',
    path: '/areas/:areaId/alarms/:id',
    tag: 'alarms',
    summary: "Changes an alarm's active flag, rule or notifications (edit)",
    params: areaAlarmParamSchema,
    body: alarmUpdateBodySchema,
    responses: { 200: alarmSchema },
  }),
  deleteAreaAlarm: defineEndpoint({
    method: 'DELETE',
    path: '/areas/:areaId/alarms/:id',
    tag: 'alarms',
    summary: 'Deletes an alarm of the area (edit)',
    params: areaAlarmParamSchema,
    responses: { 204: z.null().describe('Deleted') },
  }),
};
