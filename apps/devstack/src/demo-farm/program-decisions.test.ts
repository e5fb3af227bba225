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
