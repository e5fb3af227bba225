/**
 * Alarms of an area (spec §7): GET and POST areas/{areaId}/alarms, PUT and DELETE
 * areas/{areaId}/alarms/{id}. One rule per alarm; the rule's id is the alarm's id.
 */
import {
  alarmCreateBodySchema,
  alarmSchema,
  alarmUpdateBodySchema,
  idParamValueSchema,
  type AlarmRule,
} from '@paddock/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alarms } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { validateAlarmNotifications, validateAlarmRule } from './alarm-input.ts';
import { presentAlarm } from './alarm.presenter.ts';

const areaParamSchema = z.object({ areaId: idParamValueSchema });
const areaAlarmParamSchema = z.object({ areaId: idParamValueSchema, id: idParamValueSchema });

const security = [{ bearer: [] }];
const tags = ['alarms'];

export async function alarmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  /** The alarm, only when it is one of the area's: an alarm id of another area is not found. */
  const alarmOfArea = async (areaId: number, id: number) => {
    const [row] = await db
      .select()
      .from(alarms)
      .where(and(eq(alarms.id, id), eq(alarms.areaId, areaId)));
    if (!row) throw notFound('Alarm');
    return row;
  };

  app.get(
    '/areas/:areaId/alarms',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The alarms of an area (view)',
        security,
        params: areaParamSchema,
        response: { 200: z.array(alarmSchema) },
      },
    },
    async (request) => {
      const { areaId } = request.params;
      await requireObject(db, request, 'area', areaId, 'view');
      const rows = await db
        .select()
        .from(alarms)
        .where(eq(alarms.areaId, areaId))
        .orderBy(asc(alarms.id));
      return rows.map(presentAlarm);
    },
  );

  app.post(
    '/areas/:areaId/alarms',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Creates an alarm on a thing of the area (edit)',
        description:
          "The rule's target must be a thing of the area of its targetType; notifications are " +
          "contact notification ids of the area's site. The label is the rule's name.",
        security,
        params: areaParamSchema,
        body: alarmCreateBodySchema,
        response: { 201: alarmSchema },
      },
    },
    async (request, reply) => {
      const { areaId } = request.params;
      const { siteId } = await requireObject(db, request, 'area', areaId, 'edit');
      const area = { id: areaId, siteId };
      const { rule, active } = request.body;
      await validateAlarmRule(db, area, rule);
      const notifications = await validateAlarmNotifications(
        db,
        siteId,
        request.body.notifications,
      );
      const row = await db.transaction(async (tx) => {
        // The rule's id is the alarm's, known only once the row exists.
        const [inserted] = await tx
          .insert(alarms)
          .values({
            areaId,
            siteId,
            active,
            rule: { ...rule, id: 0 },
            notifications,
            label: rule.name,
          })
          .returning({ id: alarms.id });
        if (!inserted) throw new Error('alarm insert returned nothing');
        const [updated] = await tx
          .update(alarms)
          .set({ rule: { ...rule, id: inserted.id } })
          .where(eq(alarms.id, inserted.id))
          .returning();
        return updated;
      });
      if (!row) throw new Error('alarm update returned nothing');
      return reply.code(201).send(presentAlarm(row));
    },
  );

  app.put(
    '/areas/:areaId/alarms/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Changes an alarm's active flag, rule or notifications (edit)",
        security,
        params: areaAlarmParamSchema,
        body: alarmUpdateBodySchema,
        response: { 200: alarmSchema },
      },
    },
    async (request) => {
      const { areaId, id } = request.params;
      const { siteId } = await requireObject(db, request, 'area', areaId, 'edit');
      const existing = await alarmOfArea(areaId, id);
      const { active, rule, notifications } = request.body;
      const changes: Partial<typeof alarms.$inferInsert> = {};
      if (active !== undefined) changes.active = active;
      if (rule !== undefined) {
        if (rule.id !== undefined && rule.id !== existing.rule.id) {
          throw badRequest('rule.id', "Must be the alarm's rule id");
        }
        await validateAlarmRule(db, { id: areaId, siteId }, rule);
        const saved: AlarmRule = { ...rule, id: existing.rule.id };
        changes.rule = saved;
        changes.label = saved.name;
      }
      if (notifications !== undefined) {
        changes.notifications = await validateAlarmNotifications(db, siteId, notifications);
      }
      const [row] = await db.update(alarms).set(changes).where(eq(alarms.id, id)).returning();
      if (!row) throw notFound('Alarm');
      return presentAlarm(row);
    },
  );

  app.delete(
    '/areas/:areaId/alarms/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Deletes an alarm of the area (edit)',
        security,
        params: areaAlarmParamSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const { areaId, id } = request.params;
      await requireObject(db, request, 'area', areaId, 'edit');
      await alarmOfArea(areaId, id);
      await db.delete(alarms).where(eq(alarms.id, id));
      return reply.code(204).send(null);
    },
  );
}
