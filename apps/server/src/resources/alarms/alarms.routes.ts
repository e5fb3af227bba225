/**
 * Alarms of an area (spec §7): GET and POST areas/{areaId}/alarms, PUT and DELETE
 * areas/{areaId}/alarms/{id}. One rule per alarm; the rule's id is the alarm's id.
 */
import { alarmEndpoints } from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAlarm } from './create-alarm.ts';
import { updateAlarm } from './update-alarm.ts';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { noteBefore, noteSubject } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentAlarm, type AlarmRow } from './alarm.presenter.ts';
import { alarmSubjectOf } from './area-things.repository.ts';
import {
  deleteAlarm,
  findAlarmOfArea,
  findAlarmStates,
  listAlarmsOfArea,
} from './alarms.repository.ts';

export async function alarmRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  /**
   * The thing the alarm's rule watches is what its audit row is about (a fan's history). Noted
   * before the change is written: the row is staged in the change's transaction.
   */
  const noteRuleSubject = async (
    request: FastifyRequest,
    rule: Pick<AlarmRow['rule'], 'target' | 'targetType'>,
  ) => {
    const subject = await alarmSubjectOf(db, rule);
    if (subject) noteSubject(request, subject);
  };

  /** The alarm of the area, or 404: an alarm id of another area is not found. */
  const alarmOfArea = async (areaId: number, id: number) => {
    const row = await findAlarmOfArea(db, areaId, id);
    if (!row) throw notFound('Alarm');
    return row;
  };

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
    await noteRuleSubject(request, request.body.rule);
    const row = await createAlarm(db, { area: { id: areaId, siteId }, body: request.body });
    return reply.code(201).send(presentAlarm(row));
  });

  route(app, alarmEndpoints.updateAreaAlarm, async (request) => {
    const { areaId, id } = request.params;
    const { siteId } = await requireObject(db, request, 'area', areaId, 'edit');
    const existing = await alarmOfArea(areaId, id);
    // The edit leaves where the alarm stands as it is: one read serves before and after.
    const state = (await findAlarmStates(db, [id])).get(id);
    noteBefore(request, presentAlarm(existing, state));
    // A rule moved to another thing is now that thing's.
    await noteRuleSubject(request, request.body.rule ?? existing.rule);
    const row = await updateAlarm(db, {
      area: { id: areaId, siteId },
      existing,
      body: request.body,
    });
    return presentAlarm(row, state);
  });

  route(app, alarmEndpoints.deleteAreaAlarm, async (request, reply) => {
    const { areaId, id } = request.params;
    await requireObject(db, request, 'area', areaId, 'edit');
    const existing = await alarmOfArea(areaId, id);
    noteBefore(request, presentAlarm(existing, (await findAlarmStates(db, [id])).get(id)));
    await noteRuleSubject(request, existing.rule);
    await deleteAlarm(db, id);
    return reply.code(204).send(null);
  });
}
