/**
 * Overdue detection (§4 radio state): every radio and unit reports at least every
 * `reportIntervalSeconds`. One that has not reported for `OVERDUE_GRACE` times that is overdue:
 * it is flagged and an open event is recorded in its area(s). When it reports again it is back to
 * normal: the flag clears, its open overdue event closes and an info event records the recovery.
 *
 * Decisions:
 * - Grace 1.5 × the interval, so one late or lost report (radios retry, LoRa drops packets) is not
 *   an alarm, and two missed in a row are.
 * - A device that has never reported (lastUpdate null) is not overdue: it has not been
 *   commissioned yet, and flagging every new device on creation would only be noise.
 * - Severities follow the overdue alarm templates (§9): radio and repeater warning, unit and
 *   coordinator error (§9 "critical"; events have warning, error, info).
 * - An overdue event is recognised by its target and its message's " overdue: " (the events table
 *   has no kind column); the demo farm's seeded overdue events read the same way.
 *
 * Any number of processes may sweep: each flag and each recovery is a conditional UPDATE, so only
 * one process records a device's transition.
 */
import type { Database } from '../db/client.ts';
import type { events } from '../db/schema.ts';
import {
  clearRecoveredRadios,
  clearRecoveredUnits,
  closeOverdueEvents,
  flagLateRadios,
  flagLateUnits,
  OVERDUE_MARK,
  recordEvents,
  refreshAreaHealth,
} from './device-health.repository.ts';
import { repeatEvery, type PeriodicJobDeps } from '../jobs/repeat.ts';
import type { Log } from '../log.ts';
import { publishSiteEvent } from '../webhooks/publish.ts';

/** A device is overdue past this many report intervals without a report. */
export const OVERDUE_GRACE = 1.5;
/** How often a worker looks for overdue and recovered devices. */
const OVERDUE_SWEEP_INTERVAL_MS = 10_000;

type EventInsert = typeof events.$inferInsert;

function minutesText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.round(minutes / 60)} hours`;
}

/** `lastUpdate` is set: the sweep flags only devices that have reported. */
function overdueMessage(
  label: string,
  serialno: string,
  lastUpdate: Date | null,
  intervalSeconds: number,
  now: Date,
) {
  const silentMs = now.getTime() - (lastUpdate ?? now).getTime();
  return (
    `${label} ${serialno}${OVERDUE_MARK}no report for ${minutesText(silentMs)}` +
    ` (expected every ${minutesText(intervalSeconds * 1000)})`
  );
}

function radioLabel(config: { repeater?: boolean; coordinator?: boolean }) {
  if (config.coordinator) return 'Coordinator';
  if (config.repeater) return 'Repeater';
  return 'Radio';
}

type Device = {
  type: 'radio' | 'unit';
  id: number;
  siteId: number;
  areaId: number | null;
  serialno: string;
};

/** A unit's first area stands for it: the webhook event names one area (null: none). */
function unitDevice(unit: { id: number; siteId: number; areaIds: number[]; serialno: string }) {
  return { ...unit, type: 'unit' as const, areaId: unit.areaIds[0] ?? null };
}

/** Tells the site's webhooks a device went overdue or came back (webhooks/publish.ts). */
async function tellWebhooks(
  tx: Database,
  kind: 'device.overdue' | 'device.back',
  device: Device,
  message: string,
  now: Date,
) {
  const { type, id, serialno } = device;
  await publishSiteEvent(tx, kind, {
    site: device.siteId,
    area: device.areaId,
    at: now,
    message,
    device: { type, id, serialno },
  });
}

export type OverdueSweepResult = {
  overdue: { kind: 'radio' | 'unit'; id: number }[];
  recovered: { kind: 'radio' | 'unit'; id: number }[];
};

/** What one sweep gathers as it goes: its result, the areas it touched and their events. */
type SweepRecord = {
  result: OverdueSweepResult;
  touchedAreas: number[];
  eventRows: EventInsert[];
};

/** Flags the radios and units past their due time, each with an open overdue event. */
async function flagOverdue(
  tx: Database,
  now: Date,
  grace: number,
  sweep: SweepRecord,
  log: Log | undefined,
) {
  const { result, touchedAreas, eventRows } = sweep;
  const lateRadios = await flagLateRadios(tx, now, grace);
  for (const radio of lateRadios) {
    result.overdue.push({ kind: 'radio', id: radio.id });
    touchedAreas.push(radio.areaId);
    const message = overdueMessage(
      radioLabel(radio.config),
      radio.serialno,
      radio.lastUpdate,
      radio.reportIntervalSeconds,
      now,
    );
    eventRows.push({
      areaId: radio.areaId,
      type: radio.config.coordinator ? 'error' : 'warning',
      targetType: 'radio',
      targetId: radio.id,
      message,
      open: true,
      createdAt: now,
    });
    await tellWebhooks(tx, 'device.overdue', { ...radio, type: 'radio' }, message, now);
  }

  const lateUnits = await flagLateUnits(tx, now, grace);
  for (const unit of lateUnits) {
    result.overdue.push({ kind: 'unit', id: unit.id });
    if (unit.areaIds.length === 0) {
      log?.warn({ unit: unit.serialno }, 'overdue unit has no area to record it in');
    }
    const message = overdueMessage(
      'Unit',
      unit.serialno,
      unit.lastUpdate,
      unit.reportIntervalSeconds,
      now,
    );
    for (const areaId of unit.areaIds) {
      touchedAreas.push(areaId);
      eventRows.push({
        areaId,
        type: 'error',
        targetType: 'unit',
        targetId: unit.id,
        message,
        open: true,
        createdAt: now,
      });
    }
    await tellWebhooks(tx, 'device.overdue', unitDevice(unit), message, now);
  }
}

/** Clears the flag of devices reporting again, closes their overdue events and records it. */
async function clearRecovered(tx: Database, now: Date, grace: number, sweep: SweepRecord) {
  const { result, touchedAreas, eventRows } = sweep;
  const backRadios = await clearRecoveredRadios(tx, now, grace);
  const backUnits = await clearRecoveredUnits(tx, now, grace);
  await closeOverdueEvents(
    tx,
    'radio',
    backRadios.map((radio) => radio.id),
  );
  await closeOverdueEvents(
    tx,
    'unit',
    backUnits.map((unit) => unit.id),
  );
  for (const radio of backRadios) {
    result.recovered.push({ kind: 'radio', id: radio.id });
    touchedAreas.push(radio.areaId);
    const message = `${radioLabel(radio.config)} ${radio.serialno} back to normal: reporting again`;
    eventRows.push({
      areaId: radio.areaId,
      type: 'info',
      targetType: 'radio',
      targetId: radio.id,
      message,
      open: false,
      createdAt: now,
    });
    await tellWebhooks(tx, 'device.back', { ...radio, type: 'radio' }, message, now);
  }
  for (const unit of backUnits) {
    result.recovered.push({ kind: 'unit', id: unit.id });
    const message = `Unit ${unit.serialno} back to normal: reporting again`;
    for (const areaId of unit.areaIds) {
      touchedAreas.push(areaId);
      eventRows.push({
        areaId,
        type: 'info',
        targetType: 'unit',
        targetId: unit.id,
        message,
        open: false,
        createdAt: now,
      });
    }
    await tellWebhooks(tx, 'device.back', unitDevice(unit), message, now);
  }
}

/** One sweep at `now`: flags overdue devices, clears recovered ones, records their events. */
export async function sweepOverdue(
  db: Database,
  now: Date,
  options: { grace?: number; log?: Log } = {},
): Promise<OverdueSweepResult> {
  const grace = options.grace ?? OVERDUE_GRACE;
  const result: OverdueSweepResult = { overdue: [], recovered: [] };
  const touchedAreas: number[] = [];

  await db.transaction(async (tx) => {
    const eventRows: EventInsert[] = [];
    const sweep: SweepRecord = { result, touchedAreas, eventRows };
    await flagOverdue(tx, now, grace, sweep, options.log);
    await clearRecovered(tx, now, grace, sweep);
    if (eventRows.length > 0) await recordEvents(tx, eventRows);
  });

  await refreshAreaHealth(db, touchedAreas);
  if (result.overdue.length > 0 || result.recovered.length > 0) {
    options.log?.info(result, 'overdue sweep');
  }
  return result;
}

/** Sweeps every `intervalMs` until closed (worker role). */
export function startOverdueSweep(
  deps: PeriodicJobDeps & {
    grace?: number;
    /** Runs after each sweep with its time (the overdue alarm rules). */
    after?: (now: Date) => Promise<unknown>;
  },
): { close(): Promise<void> } {
  return repeatEvery({
    intervalMs: deps.intervalMs ?? OVERDUE_SWEEP_INTERVAL_MS,
    first: 'after-interval',
    round: async () => {
      const now = deps.clock.now();
      await sweepOverdue(deps.db, now, { grace: deps.grace, log: deps.log });
      await deps.after?.(now);
    },
    onError: (error) => deps.log.error({ err: error }, 'overdue sweep failed'),
  });
}
