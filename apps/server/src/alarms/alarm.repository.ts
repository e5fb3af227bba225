/**
 * The alarm engine's SQL on alarms and their state rows: an alarm with its area and site, the
 * state row locked for a transition, the events an alarm keeps open and its pending messages.
 * Every transition reads and writes through here, in the caller's transaction.
 */
import {
  siteTimeZone,
  type AcknowledgementChannel,
  type AlarmMemory,
  type AlarmRuleInput,
  type AlarmTemplate,
} from '@paddock/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { alarmNotifications, alarmStates, alarms, areas, events, sites } from '../db/schema.ts';

export type AlarmRow = typeof alarms.$inferSelect;
export type StateRow = typeof alarmStates.$inferSelect;
export type AlarmContext = {
  alarm: AlarmRow;
  area: { id: number; label: string; snoozed: boolean; alarmsActive: boolean };
  site: { id: number; label: string; timeZone: string };
};

export function toMemory(state: StateRow): AlarmMemory {
  return {
    status: state.status,
    holdingSince: state.holdingSince,
    clearingSince: state.clearingSince,
  };
}

/** The alarm's state row, created on first use and locked for the rest of the transaction. */
export async function lockAlarmState(tx: Database, alarmId: number): Promise<StateRow> {
  await tx.insert(alarmStates).values({ alarmId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(alarmStates)
    .where(eq(alarmStates.alarmId, alarmId))
    .for('update');
  if (!row) throw new Error(`alarm state ${alarmId} vanished`);
  return row;
}

const contextColumns = {
  alarm: alarms,
  areaId: areas.id,
  areaLabel: areas.label,
  snoozed: areas.snoozed,
  alarmsActive: areas.alarmsActive,
  siteId: sites.id,
  siteLabel: sites.label,
  siteConfig: sites.config,
  siteTags: sites.tags,
};

type ContextRow = {
  alarm: AlarmRow;
  areaId: number;
  areaLabel: string;
  snoozed: boolean;
  alarmsActive: boolean;
  siteId: number;
  siteLabel: string;
  siteConfig: (typeof sites.$inferSelect)['config'];
  siteTags: (typeof sites.$inferSelect)['tags'];
};

function toContext(row: ContextRow): AlarmContext {
  return {
    alarm: row.alarm,
    area: {
      id: row.areaId,
      label: row.areaLabel,
      snoozed: row.snoozed,
      alarmsActive: row.alarmsActive,
    },
    site: {
      id: row.siteId,
      label: row.siteLabel,
      timeZone: siteTimeZone(row.siteConfig, row.siteTags.country),
    },
  };
}

/**
 * A new alarm whose rule carries the alarm's id, known only once the row exists: the console's
 * new alarms and those the workers make from a template. In the caller's transaction.
 */
export async function insertAlarm(
  tx: Database,
  values: {
    areaId: number;
    siteId: number;
    active: boolean;
    rule: AlarmRuleInput;
    notifications?: number[];
  },
): Promise<AlarmRow> {
  const [inserted] = await tx
    .insert(alarms)
    .values({ ...values, rule: { ...values.rule, id: 0 }, label: values.rule.name })
    .returning({ id: alarms.id });
  if (!inserted) throw new Error('alarm insert returned nothing');
  const [updated] = await tx
    .update(alarms)
    .set({ rule: { ...values.rule, id: inserted.id } })
    .where(eq(alarms.id, inserted.id))
    .returning();
  if (!updated) throw new Error('alarm update returned nothing');
  return updated;
}

/** Alarms with their area and site, narrowed by `where`. */
export async function loadAlarmContexts(
  db: Database,
  where: ReturnType<typeof and>,
): Promise<AlarmContext[]> {
  const rows = await db
    .select(contextColumns)
    .from(alarms)
    .innerJoin(areas, eq(areas.id, alarms.areaId))
    .innerJoin(sites, eq(sites.id, alarms.siteId))
    .where(where)
    .orderBy(alarms.id);
  return rows.map(toContext);
}

/** Evaluated at all: the alarm, its rule and its area's alarms are on. */
/**
 * The area's alarms of a template the server raises itself (frost forecast, fan failed to start,
 * the flow alarms), or only those on one target.
 */
export const templateAlarmsOf = (areaId: number, template: AlarmTemplate, target?: number) =>
  and(
    eq(alarms.areaId, areaId),
    sql`((${alarms.rule}->>'template')::integer) = ${template}`,
    target === undefined ? undefined : sql`((${alarms.rule}->>'target')::integer) = ${target}`,
  );

export const evaluated = and(
  eq(alarms.active, true),
  eq(areas.alarmsActive, true),
  sql`coalesce((${alarms.rule}->>'enabled')::boolean, true)`,
);

/**
 * The area's alarm of a template on one target with its area and site: any such alarm, or only
 * one that is evaluated (on, with the area's alarms on). Null when there is none.
 */
export async function templateAlarmOn(
  tx: Database,
  on: { areaId: number; template: AlarmTemplate; target: number },
  which: 'any' | 'evaluated',
): Promise<AlarmContext | null> {
  const where = templateAlarmsOf(on.areaId, on.template, on.target);
  const [context] = await loadAlarmContexts(tx, which === 'any' ? where : and(evaluated, where));
  return context ?? null;
}

export async function currentStates(tx: Database, ids: number[]): Promise<Map<number, StateRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(alarmStates).where(inArray(alarmStates.alarmId, ids));
  return new Map(rows.map((row) => [row.alarmId, row]));
}

export async function closeAlarmEvents(
  tx: Database,
  alarmId: number,
  at: Date | null,
  by: string | null,
) {
  await tx
    .update(events)
    .set({ open: false, acknowledgedAt: at, acknowledgedBy: by })
    .where(and(eq(events.alarmId, alarmId), eq(events.open, true)));
}

/** Pending raise and reminder messages of the alarm are not sent: recorded with the reason. */
export async function suppressPending(tx: Database, alarmId: number, reason: string) {
  await tx
    .update(alarmNotifications)
    .set({ status: 'suppressed', reason })
    .where(
      and(
        eq(alarmNotifications.alarmId, alarmId),
        eq(alarmNotifications.status, 'pending'),
        inArray(alarmNotifications.kind, ['raised', 'reminder']),
      ),
    );
}

/** The alarm row; undefined when it is gone. */
export async function findAlarm(tx: Database, alarmId: number): Promise<AlarmRow | undefined> {
  const [alarm] = await tx.select().from(alarms).where(eq(alarms.id, alarmId));
  return alarm;
}

/**
 * An event of the alarm's area: a raise, a clear or an acknowledgement. It is the alarm's and
 * about what the alarm's rule watches, so those columns come from the alarm.
 */
export async function recordAlarmEvent(
  tx: Database,
  alarm: { id: number; rule: { targetType: string; target: number } },
  event: Omit<typeof events.$inferInsert, 'alarmId' | 'targetType' | 'targetId'>,
) {
  await tx.insert(events).values({
    ...event,
    targetType: alarm.rule.targetType,
    targetId: alarm.rule.target,
    alarmId: alarm.id,
  });
}

/** The state row acknowledged: who, how, with what comment, at `now`. */
export async function recordAcknowledged(
  tx: Database,
  alarmId: number,
  acknowledgement: {
    by: string;
    via: AcknowledgementChannel;
    comment: string | null;
    now: Date;
  },
) {
  await tx
    .update(alarmStates)
    .set({
      status: 'acknowledged',
      acknowledgedAt: acknowledgement.now,
      acknowledgedBy: acknowledgement.by,
      acknowledgedVia: acknowledgement.via,
      comment: acknowledgement.comment,
      updatedAt: acknowledgement.now,
    })
    .where(eq(alarmStates.alarmId, alarmId));
}

/** The hold and clear timers moved without a transition. */
export async function saveAlarmTimers(
  tx: Database,
  alarmId: number,
  timers: Pick<AlarmMemory, 'holdingSince' | 'clearingSince'>,
  now: Date,
) {
  await tx
    .update(alarmStates)
    .set({
      holdingSince: timers.holdingSince,
      clearingSince: timers.clearingSince,
      updatedAt: now,
    })
    .where(eq(alarmStates.alarmId, alarmId));
}

/** The state row of a raise: a new episode, raised at `at` with `value`, nobody's yet. */
export async function recordRaised(
  tx: Database,
  alarmId: number,
  raise: { episode: number; at: Date; value: number | null; now: Date },
) {
  await tx
    .update(alarmStates)
    .set({
      status: 'raised',
      holdingSince: null,
      clearingSince: null,
      episode: raise.episode,
      raisedAt: raise.at,
      raisedValue: raise.value,
      acknowledgedAt: null,
      acknowledgedBy: null,
      acknowledgedVia: null,
      comment: null,
      clearedAt: null,
      updatedAt: raise.now,
    })
    .where(eq(alarmStates.alarmId, alarmId));
}

/** The state row back to normal, cleared at `clearedAt` (a clear, or the alarm turned off). */
export async function recordNormal(tx: Database, alarmId: number, clearedAt: Date, now: Date) {
  await tx
    .update(alarmStates)
    .set({
      status: 'normal',
      holdingSince: null,
      clearingSince: null,
      clearedAt,
      updatedAt: now,
    })
    .where(eq(alarmStates.alarmId, alarmId));
}

/** Alarms raised or acknowledged whose alarm, rule or area's alarms were turned off. */
export async function alarmsTurnedOffWhileRaised(tx: Database) {
  return tx
    .select({ alarmId: alarmStates.alarmId })
    .from(alarmStates)
    .innerJoin(alarms, eq(alarms.id, alarmStates.alarmId))
    .innerJoin(areas, eq(areas.id, alarms.areaId))
    .where(
      and(
        sql`${alarmStates.status} <> 'normal'`,
        sql`not (${alarms.active} and ${areas.alarmsActive} and coalesce((${alarms.rule}->>'enabled')::boolean, true))`,
      ),
    );
}
