/**
 * Overdue clears by itself when the device reports again (issue 12): what the device publishes
 * goes through the real broker and ingest, and the next sweep (as the worker runs it) brings it
 * back to normal, with no one touching the row. What is not a report (the last will, a status of
 * the past) does not.
 */
import { uplinkTopic } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../src/db/schema.ts';
import { sweepOverdue } from '../../src/field/overdue.ts';
import { useIngestAndGateway, useTestField, waitFor } from '../helpers/field.ts';
import { testClock, type TestClock } from '../helpers/test-app.ts';

const field = useTestField({ deviceSite: true });
const clock: TestClock = testClock();
const live = useIngestAndGateway(field, { name: 'overdue-recovery', clock });

async function publish(serialno: string, kind: 'readings' | 'status', payload: object) {
  const target = live.ingest.stats().committed + 1;
  await live.gateway.publishAsync(
    uplinkTopic(field.broker.topicRoot, field.farm.sites.a.id, serialno, kind),
    JSON.stringify(payload),
    { qos: 1 },
  );
  await waitFor('the message stored', () => live.ingest.stats().committed >= target);
}

async function overdue(table: typeof t.radios | typeof t.units, id: number): Promise<boolean> {
  const [row] = await field.db
    .select({ overdue: table.overdue })
    .from(table)
    .where(eq(table.id, id));
  return row?.overdue ?? false;
}

async function openOverdueEvents(targetType: 'radio' | 'unit', target: number) {
  const rows = await field.db
    .select({ message: t.events.message })
    .from(t.events)
    .where(
      and(
        eq(t.events.targetType, targetType),
        eq(t.events.targetId, target),
        eq(t.events.open, true),
      ),
    );
  return rows.filter((row) => row.message.includes(' overdue: '));
}

/** The farm's radios last reported at 08:50 and report every 10 minutes: 15 minutes of grace. */
const minutesAfter0850 = (minutes: number) =>
  new Date(Date.parse('2026-11-21T08:50:00.000Z') + minutes * 60_000);

describe('overdue clears by itself when the device reports again', () => {
  it('a radio: its status through ingest, then the next sweep', async () => {
    const { radio1 } = field.farm.radios;
    clock.set(minutesAfter0850(16));
    await sweepOverdue(field.db, clock.now());
    expect(await overdue(t.radios, radio1.id)).toBe(true);
    expect(await openOverdueEvents('radio', radio1.id)).toHaveLength(1);

    // The last will is no report, and a status of the past (a back-fill) is none either.
    await publish('R-1001', 'status', { online: false });
    await publish('R-1001', 'status', {
      seq: 50,
      time: '2026-11-20T09:00:00.000Z',
      online: true,
      battery: 3.6,
    });
    clock.set(minutesAfter0850(18));
    await sweepOverdue(field.db, clock.now());
    expect(await overdue(t.radios, radio1.id)).toBe(true);

    await publish('R-1001', 'status', {
      seq: 51,
      time: clock.now().toISOString(),
      online: true,
      battery: 3.59,
      signal: -80,
      misses: 1,
    });
    const result = await sweepOverdue(field.db, clock.now());
    expect(result.recovered).toContainEqual({ kind: 'radio', id: radio1.id });
    expect(await overdue(t.radios, radio1.id)).toBe(false);
    expect(await openOverdueEvents('radio', radio1.id)).toEqual([]);
  });

  it('a radio that sends readings only', async () => {
    const { radio1 } = field.farm.radios;
    clock.set(minutesAfter0850(40));
    await sweepOverdue(field.db, clock.now());
    expect(await overdue(t.radios, radio1.id)).toBe(true);

    await publish('R-1001', 'readings', {
      seq: 60,
      time: clock.now().toISOString(),
      readings: [
        { thing: 'sensor', id: field.farm.sensors.soil.id, metric: 'soil.moisture', value: 31 },
      ],
    });
    await sweepOverdue(field.db, clock.now());
    expect(await overdue(t.radios, radio1.id)).toBe(false);
  });

  it('a unit, by its status', async () => {
    const unit = field.farm.units.a;
    await publish('U-1001', 'status', { seq: 1, time: clock.now().toISOString(), online: true });
    clock.advance(16 * 60_000);
    await sweepOverdue(field.db, clock.now());
    expect(await overdue(t.units, unit.id)).toBe(true);

    await publish('U-1001', 'status', { seq: 2, time: clock.now().toISOString(), online: true });
    await sweepOverdue(field.db, clock.now());
    expect(await overdue(t.units, unit.id)).toBe(false);
    expect(await openOverdueEvents('unit', unit.id)).toEqual([]);
  });
});
