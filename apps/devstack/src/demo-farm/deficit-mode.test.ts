import { areaSettingsSchema, readilyAvailableWater, waterBalanceParameters } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/client.ts';
import * as t from '../../../server/src/db/schema.ts';
import { createTestDatabase } from '../../../server/test/helpers/database.ts';
import { NOW } from '../seed-test-kit.ts';
import { DEMO_DEFICIT_PROGRAM } from './deficit-mode.ts';
import { seedDemoFarm } from './demo-farm.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemoFarm(handle.db, { now: NOW });
});
afterAll(() => handle.close());

describe('the demo farm: a program that waters the deficit', () => {
  it("Te Awa's program is in deficit mode and its log holds yesterday's deficit start", async () => {
    const [program] = await handle.db
      .select()
      .from(t.programs)
      .where(eq(t.programs.name, DEMO_DEFICIT_PROGRAM));
    expect(program?.schedule.deficitMode).toEqual({ triggerPercentOfRaw: 100, rainAllowance: 0 });
    const decisions = await handle.db
      .select()
      .from(t.programDecisions)
      .where(eq(t.programDecisions.kind, 'deficit'));
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ programId: program?.id });
    expect(decisions[0]?.sentence).toMatch(
      /^Watered 1 of 8 zones \d\d:\d\d — Block A Sauvignon Blanc 14\.2 mm, not dry enough; .*Block H Viognier 7\.5 mm dry \(trigger 1\.5 mm\): \d+ min$/,
    );
  });

  it.each(['Te Awa Vineyard', 'Loxton Almonds'])(
    "%s's last zone is on shallow soil, the others on deep",
    async (label) => {
      const [site] = await handle.db.select().from(t.sites).where(eq(t.sites.label, label));
      const areas = await handle.db
        .select()
        .from(t.areas)
        .where(eq(t.areas.siteId, site?.id ?? 0));
      const [program] = await handle.db
        .select()
        .from(t.programs)
        .where(eq(t.programs.areaId, areas.find((a) => a.type === 'irrigation')?.id ?? 0));
      const irrigation = areas.find((candidate) => candidate.id === program?.areaId);
      const settings = areaSettingsSchema.parse(irrigation?.settings).waterBalance;
      const ids = program?.schedule.sequences.flat() ?? [];
      const raw = ids.map((id) =>
        readilyAvailableWater(waterBalanceParameters(settings, id, '2026-09-01').soil),
      );
      expect(raw.at(-1)).toBeCloseTo(1.5, 6);
      expect(raw.slice(0, -1).every((value) => Math.abs(value - 300) < 1e-6)).toBe(true);
    },
  );
});
