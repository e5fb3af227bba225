/**
 * Alarms of an area (spec §7): GET and POST areas/{areaId}/alarms, PUT and DELETE
 * areas/{areaId}/alarms/{id}. One rule per alarm; the rule's id is the alarm's id.
 */
import { alarmEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { createAlarm } from './create-alarm.ts';
import { updateAlarm } from './update-alarm.ts';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentAlarm } from './alarm.presenter.ts';
import {
  deleteAlarm,
  findAlarmOfArea,
  findAlarmStates,
  listAlarmsOfArea,
} from './alarms.repository.ts';

export async function alarmRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, alarmEndpoints.listAreaAlarms, async (request) => {
    const { areaId } = request.params;
    await requireObject(db, request, 'area', areaId, 'view');
    const rows = await listAlarmsOfArea(db, areaId);
    const states = await findAlarmStates(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentAlarm(row, states.get(row.id)));
  });

  route(app, alarmEndpoints.createAreaAlarm, async (request, reply) => {
    const { areaId } = request.params;
    const { siteId } = await requireObject(db, request, 'area', areaId, 'edit');
    const row = await createAlarm(db, { area: { id: areaId, siteId }, body: request.body });
    return reply.code(201).send(presentAlarm(row));
  });

  route(app, alarmEndpoints.updateAreaAlarm, async (request) => {
    const { areaId, id } = request.params;
    const { siteId } = await requireObject(db, request, 'area', areaId, 'edit');
    const row = await updateAlarm(db, { area: { id: areaId, siteId }, id, body: request.body });
    return presentAlarm(row, (await findAlarmStates(db, [row.id])).get(row.id));
  });

  route(app, alarmEndpoints.deleteAreaAlarm, async (request, reply) => {
    const { areaId, id } = request.params;
    await requireObject(db, request, 'area', areaId, 'edit');
    // An alarm id of another area is not found.
    if (!(await findAlarmOfArea(db, areaId, id))) throw notFound('Alarm');
    await deleteAlarm(db, id);
    return reply.code(204).send(null);
  });
}
