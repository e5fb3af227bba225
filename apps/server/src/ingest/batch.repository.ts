/**
 * Applies a batch's plan (plan.ts) in one transaction: the readings and their rollups
 * (telemetry/reading.repository.ts), the sensors' and controls' latest values, the radios' and
 * units' health, the dead letters and the batch's followup. Either all of it is stored or none, so the batch is
 * acknowledged only once this resolves (docs/field-protocol.md "Batches").
 *
 * Things and devices are updated in id order and rollups in key order, so concurrent batches of
 * several ingest processes mostly queue instead of deadlocking (a deadlock is retried). Nothing
 * is locked ahead with `select … for update`: a row lock is a WAL record and a page write of its
 * own, per row per batch, which at 10,000 messages a second was a seventh of all WAL written.
 */
import type { SensorTopic } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { deadLetters } from '../db/schema.ts';
import { insertReadings } from '../telemetry/reading.repository.ts';
import { recordFollowup } from './followups.ts';
import {
  followupOf,
  topicChanges,
  type BatchPlan,
  type DeviceUpdate,
  type Latest,
} from './plan.ts';

/**
 * Stores the plan in one transaction; returns how many readings were new. `first` runs at the
 * transaction's start (a replay of dead letters deletes them there, so they go if and only if
 * their readings are stored).
 */
export async function writePlan(
  db: Database,
  plan: BatchPlan,
  first?: (tx: Database) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await first?.(tx as unknown as Database);
    const inserted = await insertReadings(tx, plan.readings);
    await updateLatest(tx, 'sensors', plan.sensors);
    await updateLatest(tx, 'controls', plan.controls);
    await updateDevices(tx, 'radios', plan.radios);
    await updateDevices(tx, 'units', plan.units);
    if (plan.deadLetters.length > 0) await tx.insert(deadLetters).values(plan.deadLetters);
    const followup = followupOf(plan, inserted);
    if (followup) await recordFollowup(tx, followup);
    return inserted;
  });
}

/**
 * Latest values into sensors' or controls' topics (and a control's isRunning from `running`).
 * The topics are read unlocked and written back only where the row is still the version read
 * (its xmin): a row another process changed meanwhile is read and merged again. Parallel lanes
 * of one process never share a thing, so that happens only between processes.
 */
async function updateLatest(
  tx: Database,
  table: 'sensors' | 'controls',
  latest: Map<number, Latest>,
): Promise<void> {
  const name = sql.raw(table);
  let ids = [...latest.keys()].sort((a, b) => a - b);
  while (ids.length > 0) {
    const rows = await queryRows<{ id: number; topics: SensorTopic[]; version: string }>(
      tx,
      sql`select id, topics, xmin::text as version from ${name}
          where id = any(${sql.param(`{${ids.join(',')}}`)}::int[]) order by id`,
    );
    const versions = new Map(rows.map((row) => [row.id, row.version]));
    const changes = topicChanges(rows, latest).map((change) => ({
      ...change,
      version: versions.get(change.id),
    }));
    if (changes.length === 0) return;
    // A control's `running` also sets its isRunning; a sensor's changes carry none.
    const running =
      table === 'controls' ? sql`, is_running = coalesce(v.running, controls.is_running)` : sql``;
    const written = await queryRows<{ id: number }>(
      tx,
      sql`
      update ${name} set topics = v.topics${running}
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
        as v(id int, topics jsonb, running boolean, version text)
      where ${name}.id = v.id and ${name}.xmin = v.version::xid
      returning ${name}.id`,
    );
    if (written.length === changes.length) return;
    const done = new Set(written.map((row) => Number(row.id)));
    ids = changes.map((change) => change.id).filter((id) => !done.has(id));
  }
}

/** Health and report times into radios or units; never moves lastUpdate or lastSeq back. */
async function updateDevices(
  tx: Database,
  table: 'radios' | 'units',
  updates: Map<number, DeviceUpdate>,
): Promise<void> {
  if (updates.size === 0) return;
  const ids = [...updates.keys()].sort((a, b) => a - b);
  const input = JSON.stringify(
    ids.map((id) => {
      const update = updates.get(id) as DeviceUpdate;
      return {
        id,
        last_update: update.lastUpdate === null ? null : new Date(update.lastUpdate).toISOString(),
        last_seq: update.lastSeq ?? null,
        battery: update.battery ?? null,
        signal: update.signal ?? null,
        misses: update.misses ?? null,
        fault: update.fault ?? null,
        online: update.online ?? null,
      };
    }),
  );
  if (table === 'units') {
    // Units (§3) have no battery, signal or link state of their own: report times only.
    await tx.execute(sql`
      update units set
        last_update = greatest(units.last_update, v.last_update),
        last_seq = greatest(units.last_seq, v.last_seq)
      from jsonb_to_recordset(${input}::jsonb) as v(id int, last_update timestamptz, last_seq bigint)
      where units.id = v.id
    `);
    return;
  }
  await tx.execute(sql`
    update radios set
      last_update = greatest(radios.last_update, v.last_update),
      last_seq = greatest(radios.last_seq, v.last_seq),
      battery_value = coalesce(v.battery, radios.battery_value),
      signal_value = coalesce(v.signal, radios.signal_value),
      misses_value = coalesce(v.misses, radios.misses_value),
      fault = coalesce(v.fault, radios.fault),
      online = coalesce(v.online, radios.online)
    from jsonb_to_recordset(${input}::jsonb) as v(
      id int, last_update timestamptz, last_seq bigint, battery float8, signal float8,
      misses float8, fault boolean, online boolean
    )
    where radios.id = v.id
  `);
}
