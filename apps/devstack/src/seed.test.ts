/**
 * The scale seed and Big Block (`npm run db:seed -- --sites N`, `--big-irrigation-area`), added
 * on top of the demo farm as the command adds them.
 */
import {
  ROLES,
  controlApplicationSchema,
  pointTextSchema,
  polygonTextSchema,
  programScheduleSchema,
  programStatusSchema,
  programZoneSchema,
  siteSettingsSchema,
} from '@paddock/domain';
import { BENCH_LOGIN, DEMO_PASSWORD, type DemoAccountKey } from '@paddock/domain/demo';
import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { verifyPassword } from '../../server/src/auth/passwords.ts';
import type { Database, DatabaseHandle } from '../../server/src/db/client.ts';
import * as t from '../../server/src/db/schema.ts';
import { seedDemoFarm, type DemoFarmSeeded } from './demo-farm/demo-farm.ts';
import {
  BIG_BLOCK_LABEL,
  BIG_BLOCK_VALVES,
  BIG_BLOCK_ZONES,
  seedBigIrrigationArea,
} from '../../server/src/seed/big-block.ts';
import { seedScale } from '../../server/src/seed/scale.ts';
import { buildDeviceConfigs } from '../../server/src/field/provisioning.ts';
import { createTestDatabase } from '../../server/test/helpers/database.ts';
import { countRows } from '../../server/test/helpers/rows.ts';
import { signedInToken } from '../../server/test/helpers/test-app.ts';
import { metresBetween, NOW } from './seed-test-kit.ts';

let handle: DatabaseHandle;
let db: Database;
let seeded: DemoFarmSeeded;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  seeded = await seedDemoFarm(db, { now: NOW });
});
afterAll(() => handle.close());

const countOf = (table: PgTable) => countRows(db, table);

describe('seedScale', () => {
  it('adds sites with an irrigation area, radios and units, and the bench user on all of them', async () => {
    const before = {
      sites: await countOf(t.sites),
      areas: await countOf(t.areas),
      radios: await countOf(t.radios),
      units: await countOf(t.units),
      programs: await countOf(t.programs),
    };
    const scale = await seedScale(db, { sites: 3, radiosPerSite: 5, now: NOW });
    expect(scale.siteIds).toHaveLength(3);
    expect(scale.areaIds).toHaveLength(3);
    expect(await countOf(t.sites)).toBe(before.sites + 3);
    expect(await countOf(t.areas)).toBe(before.areas + 3);
    expect(await countOf(t.programs)).toBe(before.programs + 3);
    expect(await countOf(t.radios)).toBe(before.radios + 15);
    expect(await countOf(t.units)).toBe(before.units + 15);

    for (const areaId of scale.areaIds) {
      const radios = await db.select().from(t.radios).where(eq(t.radios.areaId, areaId));
      expect(radios).toHaveLength(5);
      expect(radios.filter((radio) => radio.config.coordinator)).toHaveLength(1);
    }
    const units = await db.select().from(t.units).where(inArray(t.units.siteId, scale.siteIds));
    expect(units.every((unit) => unit.radioId !== null)).toBe(true);

    const [bench] = await db.select().from(t.users).where(eq(t.users.login, BENCH_LOGIN));
    expect(bench?.id).toBe(scale.benchUserId);
    expect(await verifyPassword(bench?.passwordHash ?? null, DEMO_PASSWORD)).toBe(true);
    const members = await db
      .select()
      .from(t.siteMembers)
      .where(inArray(t.siteMembers.siteId, scale.siteIds));
    const memberIds = (userId: number) =>
      members
        .filter((m) => m.userId === userId)
        .map((m) => m.siteId)
        .sort();
    expect(memberIds(scale.benchUserId)).toEqual([...scale.siteIds].sort());
    // The demo admin sees the scale sites too.
    expect(memberIds(seeded.accounts.admin.id)).toEqual([...scale.siteIds].sort());
  });
});

describe('seedBigIrrigationArea', () => {
  it('adds Big Block: 60 zones, 200 valves on radios, one program in at most 4 sequences', async () => {
    const big = await seedBigIrrigationArea(db, { now: NOW });
    const [site] = await db.select().from(t.sites).where(eq(t.sites.id, big.siteId));
    expect(site?.label).toBe(BIG_BLOCK_LABEL);
    expect(siteSettingsSchema.parse(site?.settings).bounds).toBeDefined();
    const siteLocation = pointTextSchema.parse(site?.location);

    const sections = await db.select().from(t.sections).where(eq(t.sections.areaId, big.areaId));
    expect(sections).toHaveLength(BIG_BLOCK_ZONES);
    for (const section of sections) {
      const outline = polygonTextSchema.parse(section.outline);
      expect(outline).toHaveLength(4);
      for (const corner of outline) expect(metresBetween(corner, siteLocation)).toBeLessThan(2000);
    }

    const controls = await db.select().from(t.controls).where(eq(t.controls.areaId, big.areaId));
    const valves = controls.filter((control) => control.type === 'valve');
    expect(valves).toHaveLength(BIG_BLOCK_VALVES);
    expect(new Set(controls.map((control) => control.number)).size).toBe(controls.length);
    const radios = await db.select().from(t.radios).where(eq(t.radios.areaId, big.areaId));
    const radioById = new Map(radios.map((radio) => [radio.id, radio]));
    const sectionIds = new Set(sections.map((section) => section.id));
    for (const valve of valves) {
      expect(sectionIds).toContain(valve.sectionId);
      controlApplicationSchema.parse(valve.application);
      // On the valve controller of its own block.
      expect(radioById.get(valve.radioId ?? 0)?.sectionId).toBe(valve.sectionId);
    }
    expect(radios.filter((radio) => radio.config.coordinator)).toHaveLength(1);
    for (const radio of radios) {
      for (const child of radio.config.children) expect(radioById.has(child)).toBe(true);
    }

    const [program] = await db.select().from(t.programs).where(eq(t.programs.areaId, big.areaId));
    if (!program) throw new Error('no program');
    expect(program.id).toBe(big.programId);
    programStatusSchema.parse(program.status);
    const schedule = programScheduleSchema.parse(program.schedule);
    expect(schedule.sequences.length).toBeLessThanOrEqual(4);
    expect(schedule.sequences.flat().sort()).toEqual([...sectionIds].sort());
    expect(schedule.attachments).toHaveLength(2);
    expect(program.zones.map((zone) => programZoneSchema.parse(zone).id).sort()).toEqual(
      [...sectionIds].sort(),
    );
    expect(program.status.activity).toBe('stopped');

    // Every valve reaches a device the simulator runs: its radio's config lists it.
    const { configs, refused, unattached } = await buildDeviceConfigs(db, NOW, [big.siteId]);
    expect(refused).toEqual([]);
    expect(unattached).toEqual({ sensors: [], controls: [] });
    const configured = configs.flatMap((device) => device.config.controls.map((c) => c.id));
    expect(configured.sort()).toEqual(controls.map((control) => control.id).sort());

    const members = await db
      .select()
      .from(t.siteMembers)
      .where(eq(t.siteMembers.siteId, big.siteId));
    const privilegesOf = (key: DemoAccountKey) =>
      members.find((member) => member.userId === seeded.accounts[key].id)?.privileges;
    expect(privilegesOf('admin')).toEqual([...ROLES.admin.actions]);
    expect(privilegesOf('manager')).toEqual([...ROLES.manage.actions]);
    expect(privilegesOf('monitor')).toBeUndefined();
  });

  it('serves the big area to the demo manager through the API', async () => {
    const [area] = await db
      .select({ id: t.areas.id, siteId: t.areas.siteId })
      .from(t.areas)
      .innerJoin(t.sites, eq(t.sites.id, t.areas.siteId))
      .where(eq(t.sites.label, BIG_BLOCK_LABEL));
    if (!area) throw new Error('no big area');
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'paddock-seed-'));
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', PADDOCK_DATA_DIR: outboxDir }), {
      db,
    });
    try {
      const token = await signedInToken(db, app.ctx.tokenSecret, {
        userId: seeded.accounts.manager.id,
        actorUserId: null,
        sessionTtlSeconds: 3600,
        accessTtlSeconds: 3600,
        now: new Date(),
      });
      const get = (url: string) =>
        app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const sections = await get(`/api/sections?area=${area.id}`);
      expect(sections.statusCode).toBe(200);
      expect(sections.json<unknown[]>()).toHaveLength(BIG_BLOCK_ZONES);
      const controls = await get(`/api/controls?area=${area.id}`);
      expect(controls.statusCode).toBe(200);
      const programs = await get(`/api/programs?area=${area.id}`);
      expect(programs.statusCode).toBe(200);
      for (const url of [`/api/areas/${area.id}/radios`, `/api/sites/${area.siteId}/units`]) {
        expect((await get(url)).statusCode, url).toBe(200);
      }
    } finally {
      await app.close();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
