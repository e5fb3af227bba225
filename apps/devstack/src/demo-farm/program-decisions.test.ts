import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/client.ts';
import * as t from '../../../server/src/db/schema.ts';
import { createTestDatabase } from '../../../server/test/helpers/database.ts';
import { NOW } from '../seed-test-kit.ts';
import { seedDemoFarm } from './demo-farm.ts';
import { DEMO_SKIP_RULES_PROGRAM } from './program-decisions.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemoFarm(handle.db, { now: NOW });
});
afterAll(() => handle.close());

describe('the demo farm: skip rules and the why of a run', () => {
  it("Te Awa's program skips after 10 mm of rain, and its log holds yesterday's rain skip", async () => {
    const [program] = await handle.db
      .select()
      .from(t.programs)
      .where(eq(t.programs.name, DEMO_SKIP_RULES_PROGRAM));
    expect(program?.schedule.skipRules).toMatchObject({ rain: { atLeastMm: 10 } });
    const decisions = await handle.db
      .select()
      .from(t.programDecisions)
      .where(eq(t.programDecisions.kind, 'skip'));
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ programId: program?.id, kind: 'skip' });
    expect(decisions[0]?.sentence).toMatch(
      /^Skipped \d\d:\d\d — 14\.2 mm of rain in the last 24 h at .+ ≥ 10 mm$/,
    );
    expect(NOW.getTime() - (decisions[0]?.at.getTime() ?? 0)).toBeGreaterThan(24 * 3_600_000);
  });
});

describe('the demo farm: flow supervision', () => {
  it('designs every zone for what its valves pass', async () => {
    const designed = await handle.db.select().from(t.zoneFlows);
    expect(designed.length).toBeGreaterThan(10);
    // One valve passes 9 m³/h in the simulator: 150 L/min; Loxton's zones have two.
    expect(new Set(designed.map((zone) => zone.designedFlow))).toEqual(new Set([150, 300]));
  });

  it("Te Awa's log holds an automatic shut-off with its flows, and its alarm", async () => {
    const [shutOff, ...more] = await handle.db
      .select()
      .from(t.programDecisions)
      .where(eq(t.programDecisions.kind, 'shutOff'));
    expect(more).toHaveLength(0);
    expect(shutOff?.sentence).toMatch(
      /^.+ closed \d\d:\d\d — 248 L\/min against a designed 150 L\/min \(\+65 %\) for 60 s$/,
    );
    const [alarm] = await handle.db
      .select()
      .from(t.alarms)
      .where(eq(t.alarms.label, `High flow: ${shutOff?.sentence.split(' closed ')[0]}`));
    expect(alarm?.rule).toMatchObject({ template: 104, targetType: 'section', id: alarm?.id });
  });
});
