/**
 * Alarm evaluation on the server: set-point rules after every committed ingest batch (a followup
 * handler, in the followup's transaction), overdue rules with the overdue sweep. The rules and the
 * state machine are the domain's (packages/domain/src/alarms); this file reads the values, locks
 * the alarm's state row and writes what a transition causes — the state, its event and its
 * messages in the outbox — in one transaction, so a transition happens once whatever the number
 * of processes (the row lock serialises them; the second reads the state the first wrote) and a
 * crash loses nothing and sends nothing twice that the outbox has not recorded.
 *
 * What the area's toggles do here:
 * - alarmsActive off: its rules are not evaluated; an alarm that was raised ends silently (no
 *   clear message) and its pending messages are suppressed.
 * - snoozed: rules are evaluated and events recorded, but new messages are recorded suppressed
 *   ('Snoozed'), and pending reminders are suppressed when due.
 * The alarm's `active` and its rule's `enabled` off: as alarmsActive off, for that alarm.
 */
import {
  ALARM_TEMPLATES,
  ALARM_TEMPLATE_KINDS,
  OVERDUE_SUBJECTS,
  fanCanopyTemperature,
  fanStartTemperature,
  readFanShouldRun,
  type RuleReading,
  type AlarmTemplateName,
  acknowledgeMemory,
  NORMAL_MEMORY,
  alarmMessage,
  alarmTemplateKind,
  alarmTemplateTargets,
  deliveryTime,
  escalationPlan,
  readRule,
  rosterSchema,
  siteTimeZone,
  stepAlarm,
  type AcknowledgementChannel,
  type AlarmMemory,
  type AlarmTemplate,
  type NotificationKind,
} from '@paddock/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import {
  alarmNotifications,
  alarmStates,
  alarms,
  areas,
  contactNotifications,
  contacts,
  events,
  radios,
  sensors,
  siteRosters,
  sites,
  units,
} from '../db/schema.ts';
import type { CommittedFollowup, FollowupHandler } from '../ingest/followups.ts';
import {
  CANOPY_METRIC,
  FAN_METRICS,
  canopyOfFan,
  readFrostArea,
  type FrostArea,
  type FrostDevice,
} from '../frost/frost-data.ts';

type AlarmRow = typeof alarms.$inferSelect;
type StateRow = typeof alarmStates.$inferSelect;
export type AlarmContext = {
  alarm: AlarmRow;
  area: { id: number; label: string; snoozed: boolean; alarmsActive: boolean };
  site: { id: number; label: string; timeZone: string };
};

export type EngineOptions = {
  /** How long a raise's first messages wait for others of the site to go with them. */
  groupMs: number;
};

const OPERATOR_WORDS = { equal: 'at', lessThan: 'below', greaterThan: 'above' } as const;

function isSetPoint(rule: AlarmRow['rule']): boolean {
  return templateSubject(rule.template) === 'setPoint';
}

function templateSubject(template: number) {
  try {
    return alarmTemplateKind(template as AlarmTemplate).subject;
  } catch {
    return null;
  }
}

/** Template numbers of the overdue templates (§9: 5, 7–11, 15, 16). */
const OVERDUE_TEMPLATES: number[] = (
  Object.entries(ALARM_TEMPLATES) as [AlarmTemplateName, AlarmTemplate][]
)
  .filter(([name]) => OVERDUE_SUBJECTS.includes(ALARM_TEMPLATE_KINDS[name].subject))
  .map(([, template]) => template);

function toMemory(state: StateRow): AlarmMemory {
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
const evaluated = and(
  eq(alarms.active, true),
  eq(areas.alarmsActive, true),
  sql`coalesce((${alarms.rule}->>'enabled')::boolean, true)`,
);

/**
 * Applies one reading of an alarm's targets at `at`: steps the state machine and writes what
 * a transition causes. Returns the transition, if any.
 */
export async function applyReading(
  tx: Database,
  context: AlarmContext,
  values: readonly number[],
  at: Date,
  now: Date,
  options: EngineOptions & { detail: string; value: number | null },
): Promise<'raised' | 'cleared' | null> {
  return applyRuleReading(tx, context, readRule(context.alarm.rule, values), at, now, options);
}

/** As `applyReading`, for a rule read some other way (fanShouldRun). */
async function applyRuleReading(
  tx: Database,
  context: AlarmContext,
  reading: RuleReading | null,
  at: Date,
  now: Date,
  options: EngineOptions & { detail: string; value: number | null },
): Promise<'raised' | 'cleared' | null> {
  const { alarm } = context;
  const state = await lockAlarmState(tx, alarm.id);
  const memory = toMemory(state);
  const step = stepAlarm(alarm.rule, memory, reading, at);
  if (step.transition === 'raised') {
    await raise(tx, context, state, at, now, options);
  } else if (step.transition === 'cleared') {
    await clear(tx, context, state, at, now);
  } else if (
    step.memory.holdingSince?.getTime() !== memory.holdingSince?.getTime() ||
    step.memory.clearingSince?.getTime() !== memory.clearingSince?.getTime()
  ) {
    await tx
      .update(alarmStates)
      .set({
        holdingSince: step.memory.holdingSince,
        clearingSince: step.memory.clearingSince,
        updatedAt: now,
      })
      .where(eq(alarmStates.alarmId, alarm.id));
  }
  return step.transition;
}

function eventType(severity: AlarmRow['rule']['severity']) {
  return severity === 'critical' ? 'error' : severity === 'warning' ? 'warning' : 'info';
}

async function raise(
  tx: Database,
  context: AlarmContext,
  state: StateRow,
  at: Date,
  now: Date,
  options: EngineOptions & { detail: string; value: number | null },
) {
  const { alarm } = context;
  const episode = state.episode + 1;
  await tx
    .update(alarmStates)
    .set({
      status: 'raised',
      holdingSince: null,
      clearingSince: null,
      episode,
      raisedAt: at,
      raisedValue: options.value,
      acknowledgedAt: null,
      acknowledgedBy: null,
      acknowledgedVia: null,
      comment: null,
      clearedAt: null,
      updatedAt: now,
    })
    .where(eq(alarmStates.alarmId, alarm.id));
  await tx.insert(events).values({
    areaId: context.area.id,
    type: eventType(alarm.rule.severity),
    targetType: alarm.rule.targetType,
    targetId: alarm.rule.target,
    message: `Alarm: ${alarm.label}: ${options.detail}`,
    open: true,
    alarmId: alarm.id,
    createdAt: at,
  });
  await enqueueAlarmMessages(tx, context, {
    episode,
    kind: 'raised',
    value: options.value,
    now,
    groupMs: options.groupMs,
    roster: true,
  });
}

async function clear(tx: Database, context: AlarmContext, state: StateRow, at: Date, now: Date) {
  const { alarm } = context;
  await tx
    .update(alarmStates)
    .set({
      status: 'normal',
      holdingSince: null,
      clearingSince: null,
      clearedAt: at,
      updatedAt: now,
    })
    .where(eq(alarmStates.alarmId, alarm.id));
  await closeAlarmEvents(tx, alarm.id, null, null);
  await tx.insert(events).values({
    areaId: context.area.id,
    type: 'info',
    targetType: alarm.rule.targetType,
    targetId: alarm.rule.target,
    message: `Alarm cleared: ${alarm.label}`,
    open: false,
    alarmId: alarm.id,
    createdAt: at,
  });
  await suppressPending(tx, alarm.id, 'Cleared before it was sent');
  // Those told directly are told it is over; the roster is not (it was only escalation).
  await enqueueAlarmMessages(tx, context, {
    episode: state.episode,
    kind: 'cleared',
    value: null,
    now,
    groupMs: 0,
    roster: false,
  });
}

async function closeAlarmEvents(tx: Database, alarmId: number, at: Date | null, by: string | null) {
  await tx
    .update(events)
    .set({ open: false, acknowledgedAt: at, acknowledgedBy: by })
    .where(and(eq(events.alarmId, alarmId), eq(events.open, true)));
}

/** Pending raise and reminder messages of the alarm are not sent: recorded with the reason. */
async function suppressPending(tx: Database, alarmId: number, reason: string) {
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

type Recipient = {
  notificationId: number;
  contactId: number;
  contactName: string;
  method: 'email' | 'sms' | 'voice';
  address: string;
  afterhours: boolean;
  criticalAfterhours: boolean;
};

async function recipientsOf(tx: Database, siteId: number, where: ReturnType<typeof and>) {
  return tx
    .select({
      notificationId: contactNotifications.id,
      contactId: contacts.id,
      contactName: contacts.name,
      method: contactNotifications.method,
      address: contactNotifications.address,
      afterhours: contactNotifications.afterhours,
      criticalAfterhours: contactNotifications.criticalAfterhours,
    })
    .from(contactNotifications)
    .innerJoin(contacts, eq(contacts.id, contactNotifications.contactId))
    .where(and(eq(contacts.siteId, siteId), eq(contactNotifications.active, true), where))
    .orderBy(contactNotifications.id);
}

/**
 * Writes the messages a transition causes into the outbox: the alarm's own notifications at once
 * (after the grouping wait), and for a raise the site's roster, each step after its wait and the
 * reminder rounds after it. Quiet hours push a message to the next working hours; a snoozed area
 * records them suppressed.
 */
export async function enqueueAlarmMessages(
  tx: Database,
  context: AlarmContext,
  input: {
    episode: number;
    kind: NotificationKind;
    value: number | null;
    now: Date;
    groupMs: number;
    roster: boolean;
  },
) {
  const { alarm, area, site } = context;
  const planned: {
    recipient: Recipient;
    offsetMs: number;
    step: number | null;
    kind: NotificationKind;
  }[] = [];
  if (alarm.notifications.length > 0) {
    const direct = await recipientsOf(
      tx,
      site.id,
      inArray(contactNotifications.id, alarm.notifications),
    );
    for (const recipient of direct)
      planned.push({ recipient, offsetMs: 0, step: null, kind: input.kind });
  }
  if (input.roster) {
    const [row] = await tx.select().from(siteRosters).where(eq(siteRosters.siteId, site.id));
    const roster = row ? rosterSchema.safeParse(row.roster) : null;
    if (roster?.success && roster.data.steps.length > 0) {
      const contactIds = [...new Set(roster.data.steps.map((step) => step.contact))];
      const ways = await recipientsOf(tx, site.id, inArray(contacts.id, contactIds));
      for (const step of escalationPlan(roster.data)) {
        const recipient = ways.find(
          (w) => w.contactId === step.contact && w.method === step.method,
        );
        if (!recipient) continue;
        // The alarm's own notifications already tell this person at once.
        const duplicate = planned.some(
          (p) =>
            p.offsetMs === step.offsetMs && p.recipient.notificationId === recipient.notificationId,
        );
        if (duplicate) continue;
        planned.push({
          recipient,
          offsetMs: step.offsetMs,
          step: step.step,
          kind: step.round === 0 ? input.kind : 'reminder',
        });
      }
    }
  }
  if (planned.length === 0) return 0;
  const rows = planned.map(({ recipient, offsetMs, step, kind }) => {
    const due = new Date(input.now.getTime() + input.groupMs + offsetMs);
    const delivery = deliveryTime(due, site.timeZone, {
      afterhours: recipient.afterhours,
      criticalAfterhours: recipient.criticalAfterhours,
      severity: alarm.rule.severity,
    });
    const text = alarmMessage(
      site.label,
      [
        {
          label: alarm.label,
          area: area.label,
          severity: alarm.rule.severity,
          value: input.value,
          kind,
          ackUrl: null,
        },
      ],
      recipient.method,
    );
    return {
      siteId: site.id,
      areaId: area.id,
      alarmId: alarm.id,
      episode: input.episode,
      contactId: recipient.contactId,
      method: recipient.method,
      address: recipient.address,
      kind,
      severity: alarm.rule.severity,
      status: area.snoozed ? ('suppressed' as const) : ('pending' as const),
      reason: area.snoozed
        ? 'Snoozed: the area’s alarms are snoozed'
        : delivery.held
          ? `Held for quiet hours until ${delivery.at.toISOString()}`
          : null,
      subject: text.subject,
      text: text.text,
      raisedValue: input.value,
      step,
      dueAt: delivery.at,
      createdAt: input.now,
    };
  });
  await tx.insert(alarmNotifications).values(rows);
  return rows.length;
}

/** The value a set-point rule reads: the target's latest reading of the rule's metric. */
type TargetValue = { value: number; at: Date };

/**
 * Rules of set-point alarms by alarm id, with the row version (xmin) they were read at, kept by
 * a followup handler for its database: the screen after every ingest batch names each alarm's
 * version, and only an alarm whose row changed since (or was never read) has its rule read
 * again. A farm's rules change seldom; they were most of the bytes each batch's screen returned.
 */
export type RuleCache = Map<number, { version: string; rule: AlarmRow['rule'] }>;
/** Past this many rules the cache starts over. */
const RULE_CACHE_LIMIT = 100_000;

/**
 * The set-point alarms on these things, each with only what judging a reading needs: its rule,
 * the current value of the rule's metric on its target, and its state as stored (unlocked). One
 * statement for a whole batch's things (and one more for rules not read before), so a farm with
 * a rule on every sensor pays one query per batch, not three, and site settings are read only
 * for the alarms that move.
 */
async function setPointScreen(
  tx: Database,
  targetType: 'sensor' | 'control',
  ids: number[],
  screenedRules: RuleCache,
) {
  const things = sql.raw(targetType === 'sensor' ? 'sensors' : 'controls');
  const rows = await queryRows<{
    id: number;
    version: string;
    last_value: number | null;
    timestamp: string | null;
    status: StateRow['status'] | null;
    holding_since: Date | string | null;
    clearing_since: Date | string | null;
  }>(
    tx,
    sql`
    select a.id, a.xmin::text as version, v.last_value, v.timestamp,
           st.status, st.holding_since, st.clearing_since
    from alarms a
    join areas ar on ar.id = a.area_id
    join ${things} th on th.id = (a.rule->>'target')::integer
    left join alarm_states st on st.alarm_id = a.id
    left join lateral (
      select (t->>'lastValue')::float8 as last_value, t->>'timestamp' as timestamp
      from jsonb_array_elements(th.topics) t
      where t->>'metric' = a.rule->'conditions'->'all'->0->>'path' limit 1
    ) v on true
    where a.active and ar.alarms_active and coalesce((a.rule->>'enabled')::boolean, true)
      and a.rule->>'targetType' = ${targetType}
      and (a.rule->>'target')::integer = any(${sql.param(`{${ids.join(',')}}`)}::int[])
    order by a.id`,
  );
  const unread = rows.filter((row) => screenedRules.get(Number(row.id))?.version !== row.version);
  if (unread.length > 0) {
    if (screenedRules.size + unread.length > RULE_CACHE_LIMIT) screenedRules.clear();
    const read = await queryRows<{ id: number; version: string; rule: AlarmRow['rule'] }>(
      tx,
      sql`select id, xmin::text as version, rule from alarms
          where id = any(${sql.param(`{${unread.map((row) => Number(row.id)).join(',')}}`)}::int[])`,
    );
    for (const row of read) {
      screenedRules.set(Number(row.id), { version: row.version, rule: row.rule });
    }
  }
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  return rows.flatMap((row) => {
    // Gone between the two statements: nothing to judge.
    const cached = screenedRules.get(Number(row.id));
    if (!cached) return [];
    return [
      {
        id: Number(row.id),
        rule: cached.rule,
        value:
          row.last_value === null
            ? null
            : { lastValue: Number(row.last_value), timestamp: row.timestamp },
        memory: row.status
          ? {
              status: row.status,
              holdingSince: at(row.holding_since),
              clearingSince: at(row.clearing_since),
            }
          : null,
      },
    ];
  });
}

function topicValue(
  topic: { lastValue: number | null; timestamp: string | null } | null,
  now: Date,
): TargetValue | null {
  if (!topic || topic.lastValue === null) return null;
  return { value: topic.lastValue, at: topic.timestamp ? new Date(topic.timestamp) : now };
}

/**
 * Set-point rules of the things a committed batch heard from (the followup's payload), with
 * their current values. Runs in the followup's transaction.
 */
export async function evaluateSetPoints(
  tx: Database,
  heard: { sensors: number[]; controls: number[] },
  now: Date,
  options: EngineOptions,
  rules: RuleCache = new Map(),
): Promise<number> {
  let transitions = 0;
  for (const targetType of ['sensor', 'control'] as const) {
    const ids = targetType === 'sensor' ? heard.sensors : heard.controls;
    if (ids.length === 0) continue;
    // Most readings change nothing: judged on the unlocked state first, and only a reading that
    // would move the alarm has its context read, takes its lock and is judged again locked.
    const moving = new Map<number, TargetValue>();
    for (const candidate of await setPointScreen(tx, targetType, ids, rules)) {
      if (!isSetPoint(candidate.rule)) continue;
      const reading = topicValue(candidate.value, now);
      if (!reading) continue;
      const judged = readRule(candidate.rule, [reading.value]);
      if (!memoryWouldChange(candidate.rule, candidate.memory, judged, reading.at)) continue;
      moving.set(candidate.id, reading);
    }
    if (moving.size === 0) continue;
    const contexts = await loadAlarmContexts(
      tx,
      and(evaluated, inArray(alarms.id, [...moving.keys()])),
    );
    for (const context of contexts) {
      const reading = moving.get(context.alarm.id) as TargetValue;
      const [condition] = context.alarm.rule.conditions.all;
      const detail =
        `${condition.path} ${reading.value} ${OPERATOR_WORDS[condition.operator]} ` +
        `the set point ${condition.value}`;
      const transition = await applyReading(tx, context, [reading.value], reading.at, now, {
        ...options,
        detail,
        value: reading.value,
      });
      if (transition) transitions++;
    }
  }
  return transitions;
}

async function currentStates(tx: Database, ids: number[]): Promise<Map<number, StateRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(alarmStates).where(inArray(alarmStates.alarmId, ids));
  return new Map(rows.map((row) => [row.alarmId, row]));
}

const sameTime = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether the reading would make a transition or move a timer, from a state read unlocked. */
function wouldChange(
  alarm: AlarmRow,
  state: StateRow | undefined,
  reading: RuleReading | null,
  at: Date,
): boolean {
  return memoryWouldChange(alarm.rule, state ? toMemory(state) : null, reading, at);
}

function memoryWouldChange(
  rule: AlarmRow['rule'],
  stored: AlarmMemory | null,
  reading: RuleReading | null,
  at: Date,
): boolean {
  const memory: AlarmMemory = stored ?? { ...NORMAL_MEMORY };
  const step = stepAlarm(rule, memory, reading, at);
  return (
    step.transition !== null ||
    !sameTime(step.memory.holdingSince, memory.holdingSince) ||
    !sameTime(step.memory.clearingSince, memory.clearingSince)
  );
}

/** The followup handler: set-point and fan rules after each committed ingest batch. */
export function alarmFollowupHandler(
  options: EngineOptions & {
    now: () => Date;
    log?: { info: (o: object, m?: string) => void };
  },
): FollowupHandler {
  const rules: RuleCache = new Map();
  return async (followup: CommittedFollowup, tx: Database) => {
    const now = options.now();
    const transitions =
      (await evaluateSetPoints(tx, followup, now, options, rules)) +
      (await evaluateFanRules(tx, now, options, followup.sensors));
    if (transitions > 0)
      options.log?.info({ followup: followup.id, transitions }, 'alarm transitions');
  };
}

/**
 * "Fan should be running" rules (ours, issue 15): each reads its fan's RPM and the canopy the fan
 * answers to (the fan's own canopy probe or the canopy sensor on its radio, else the area's
 * coldest) against the start temperature (the rule's, else the site's frost rules'). Run after an
 * ingest batch for the areas of the sensors it heard (a fan's reading or a canopy's may move it),
 * and with the overdue sweep for every area, so the grace runs out on time even when the readings
 * that would show it are slow to come.
 */
export async function evaluateFanRules(
  tx: Database,
  now: Date,
  options: EngineOptions,
  heardSensors?: readonly number[],
): Promise<number> {
  if (heardSensors?.length === 0) return 0;
  const contexts = await loadAlarmContexts(
    tx,
    and(
      evaluated,
      sql`((${alarms.rule}->>'template')::integer) = ${ALARM_TEMPLATES.fanShouldRun}`,
      // The batch's sensors as one array parameter: a list of placeholders (inArray) costs a
      // parameter per sensor to build and to parse, after every batch.
      heardSensors
        ? sql`${alarms.areaId} in (select ${sensors.areaId} from ${sensors}
              where ${sensors.id} = any(${sql.param(`{${heardSensors.join(',')}}`)}::int[]))`
        : undefined,
    ),
  );
  if (contexts.length === 0) return 0;
  const states = await currentStates(
    tx,
    contexts.map((c) => c.alarm.id),
  );
  const frostAreas = new Map<number, FrostArea | null>();
  let transitions = 0;
  for (const context of contexts) {
    let area = frostAreas.get(context.area.id);
    if (area === undefined) {
      area = await readFrostArea(tx, context.area.id);
      frostAreas.set(context.area.id, area);
    }
    const fan = area?.fans.find((candidate) => candidate.id === context.alarm.rule.target);
    if (!area || !fan) continue;
    const rpm = lastValueOf(fan, FAN_METRICS.rpm);
    const canopy = fanCanopyTemperature(
      lastValueOf(fan, FAN_METRICS.canopy) ?? ownCanopy(area, fan),
      area.canopies.map((sensor) => lastValueOf(sensor, CANOPY_METRIC)),
    );
    const start = fanStartTemperature(context.alarm.rule, area.rules);
    const judged = readFanShouldRun(context.alarm.rule, { rpm, canopy, startTemperature: start });
    if (!wouldChange(context.alarm, states.get(context.alarm.id), judged, now)) continue;
    const detail =
      `${fan.label} not running (RPM ${rpm}) with the canopy at ${canopy} °C, ` +
      `at or below its start temperature ${start} °C`;
    const transition = await applyRuleReading(tx, context, judged, now, now, {
      ...options,
      detail,
      value: canopy,
    });
    if (transition) transitions++;
  }
  return transitions;
}

function lastValueOf(device: FrostDevice, metric: string): number | null {
  return device.topics.find((topic) => topic.metric === metric)?.lastValue ?? null;
}

/** The temperature of the canopy sensor of the fan's block; null when it has none. */
function ownCanopy(area: FrostArea, fan: FrostDevice): number | null {
  const canopy = canopyOfFan(area, fan);
  return canopy ? lastValueOf(canopy, CANOPY_METRIC) : null;
}

/** The fan rules on the sweep's timer, in a transaction of their own. */
export async function evaluateFanShouldRun(
  db: Database,
  now: Date,
  options: EngineOptions,
): Promise<number> {
  return db.transaction((tx) => evaluateFanRules(tx, now, options));
}

/**
 * Overdue rules (§9 templates 5–16), with the overdue sweep: each reads the overdue flags of the
 * hardware its template watches in its area (1 overdue, 0 on time). Also ends, silently, alarms
 * that were turned off while raised.
 */
export async function evaluateOverdue(
  db: Database,
  now: Date,
  options: EngineOptions,
): Promise<number> {
  return db.transaction(async (tx) => {
    await silenceTurnedOff(tx, now);
    const contexts = await loadAlarmContexts(
      tx,
      and(evaluated, inArray(sql`((${alarms.rule}->>'template')::integer)`, OVERDUE_TEMPLATES)),
    );
    if (contexts.length === 0) return 0;
    const areaIds = [...new Set(contexts.map((c) => c.area.id))];
    const radioRows = await tx
      .select({
        id: radios.id,
        areaId: radios.areaId,
        serialno: radios.serialno,
        config: radios.config,
        overdue: radios.overdue,
      })
      .from(radios)
      .where(inArray(radios.areaId, areaIds));
    const unitRows = await tx
      .select({
        id: units.id,
        areaIds: units.areaIds,
        serialno: units.serialno,
        overdue: units.overdue,
      })
      .from(units)
      .where(
        sql`${units.areaIds} && ${sql.raw(`ARRAY[${areaIds.map(Number).join(',')}]::integer[]`)}`,
      );
    let transitions = 0;
    const states = await currentStates(
      tx,
      contexts.map((c) => c.alarm.id),
    );
    for (const context of contexts) {
      const hardware = {
        radios: radioRows.filter((r) => r.areaId === context.area.id),
        units: unitRows.filter((u) => u.areaIds.includes(context.area.id)),
      };
      const { targets } = alarmTemplateTargets(
        context.alarm.rule.template as AlarmTemplate,
        hardware,
      );
      const list = targets as readonly { serialno: string; overdue: boolean }[];
      const late = list.filter((t) => t.overdue);
      const detail =
        late.length === 0
          ? 'none overdue'
          : `${late.length} of ${list.length} overdue (${late.map((t) => t.serialno).join(', ')})`;
      const values = list.map((t) => (t.overdue ? 1 : 0));
      const judged = readRule(context.alarm.rule, values);
      if (!wouldChange(context.alarm, states.get(context.alarm.id), judged, now)) continue;
      const transition = await applyReading(tx, context, values, now, now, {
        ...options,
        detail,
        value: late.length,
      });
      if (transition) transitions++;
    }
    return transitions;
  });
}

/** Alarms raised or acknowledged whose alarm, rule or area's alarms were turned off. */
async function silenceTurnedOff(tx: Database, now: Date) {
  const rows = await tx
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
  for (const { alarmId } of rows) {
    const state = await lockAlarmState(tx, alarmId);
    if (state.status === 'normal') continue;
    await tx
      .update(alarmStates)
      .set({
        status: 'normal',
        holdingSince: null,
        clearingSince: null,
        clearedAt: now,
        updatedAt: now,
      })
      .where(eq(alarmStates.alarmId, alarmId));
    await closeAlarmEvents(tx, alarmId, null, null);
    await suppressPending(tx, alarmId, 'Alarm turned off');
  }
}

/**
 * Acknowledges a raised alarm: stops its escalation (pending messages suppressed), closes its
 * open events with who and when, records an info event with the comment. 'notRaised' when it
 * is normal or already acknowledged; `episode` (from a link) must be the present one.
 */
export async function acknowledgeAlarm(
  tx: Database,
  input: {
    alarmId: number;
    by: string;
    via: AcknowledgementChannel;
    comment: string | null;
    now: Date;
    episode?: number;
  },
): Promise<'acknowledged' | 'notRaised'> {
  const state = await lockAlarmState(tx, input.alarmId);
  if (input.episode !== undefined && input.episode !== state.episode) return 'notRaised';
  const memory = acknowledgeMemory(toMemory(state));
  if (!memory) return 'notRaised';
  const [alarm] = await tx.select().from(alarms).where(eq(alarms.id, input.alarmId));
  if (!alarm) return 'notRaised';
  await tx
    .update(alarmStates)
    .set({
      status: 'acknowledged',
      acknowledgedAt: input.now,
      acknowledgedBy: input.by,
      acknowledgedVia: input.via,
      comment: input.comment,
      updatedAt: input.now,
    })
    .where(eq(alarmStates.alarmId, input.alarmId));
  await closeAlarmEvents(tx, input.alarmId, input.now, input.by);
  const how = input.via === 'voice' ? ' on the phone' : input.via === 'link' ? ' by link' : '';
  await tx.insert(events).values({
    areaId: alarm.areaId,
    type: 'info',
    targetType: alarm.rule.targetType,
    targetId: alarm.rule.target,
    message:
      `Alarm acknowledged by ${input.by}${how}: ${alarm.label}` +
      (input.comment ? ` — ${input.comment}` : ''),
    open: false,
    alarmId: alarm.id,
    createdAt: input.now,
    acknowledgedAt: input.now,
    acknowledgedBy: input.by,
  });
  await suppressPending(tx, input.alarmId, `Acknowledged by ${input.by}`);
  return 'acknowledged';
}
