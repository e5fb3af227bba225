/**
 * The demo farm as seeded into an empty database: every kind of site, area, hardware, person,
 * alarm and event the console shows, rows the API serves without an error.
 */
import {
  ALARM_TEMPLATES,
  ROLES,
  WEATHER_LAYERS,
  alarmRuleSchema,
  areaSettingsSchema,
  controlApplicationSchema,
  geometrySchema,
  normalisePhone,
  pointTextSchema,
  polygonTextSchema,
  programScheduleSchema,
  programStatusSchema,
  programZoneSchema,
  radioConfigSchema,
  sensorTopicSchema,
  sensorTypeSchema,
  siteConfigSchema,
  siteSettingsSchema,
  siteTagsSchema,
  verifyChain,
} from '@paddock/domain';
import {
  DEMO_ACCOUNTS,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  type DemoAccountKey,
} from '@paddock/domain/demo';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app.ts';
import { auditChain, sha256 } from '../../../server/src/audit/audit.repository.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { verifyPassword } from '../../../server/src/auth/passwords.ts';
import { queryRows, type Database, type DatabaseHandle } from '../../../server/src/db/client.ts';
import * as t from '../../../server/src/db/schema.ts';
import {
  SeedRefusedError,
  isDatabaseEmpty,
  seedDemoFarm,
  type DemoFarmSeeded,
} from './demo-farm.ts';
import {} from '../../../server/src/seed/big-block.ts';
import { createTestDatabase } from '../../../server/test/helpers/database.ts';
import { countRows } from '../../../server/test/helpers/rows.ts';
import { signedInToken } from '../../../server/test/helpers/test-app.ts';
import { metresBetween, NOW } from '../seed-test-kit.ts';

let handle: DatabaseHandle;
let db: Database;
let seeded: DemoFarmSeeded;
let wasEmpty: boolean;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  wasEmpty = await isDatabaseEmpty(db);
  seeded = await seedDemoFarm(db, { now: NOW });
});
afterAll(() => handle.close());

const countOf = (table: PgTable) => countRows(db, table);

describe('seedDemoFarm: sites, areas and sections', () => {
  it('goes only into an empty database, which a fresh one is', async () => {
    expect(wasEmpty).toBe(true);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it("schedules Dunsandel Dairy's weekly water report to its grower, its last week counted as sent", async () => {
    const rows = await db
      .select({
        site: t.sites.label,
        siteId: t.sites.id,
        contact: t.contacts.name,
        contactSite: t.contacts.siteId,
        every: t.scheduledReports.every,
        choice: t.scheduledReports.choice,
        lastPeriod: t.scheduledReports.lastPeriod,
      })
      .from(t.scheduledReports)
      .innerJoin(t.sites, eq(t.sites.id, t.scheduledReports.siteId))
      .innerJoin(t.contacts, eq(t.contacts.id, t.scheduledReports.contactId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      site: 'Dunsandel Dairy',
      contact: 'Liam Crawford',
      every: 'week',
      // NOW is Saturday 21 November in New Zealand: the last whole week began Monday 9 November.
      lastPeriod: '2026-11-09',
    });
    expect(row?.contactSite).toBe(row?.siteId);
    expect(row?.choice).toEqual({ report: 'waterReport', format: 'pdf', site: row?.siteId });
    // Mailed to an active email address of the contact.
    const emails = await db
      .select()
      .from(t.contactNotifications)
      .innerJoin(t.contacts, eq(t.contacts.id, t.contactNotifications.contactId))
      .where(eq(t.contacts.name, 'Liam Crawford'));
    expect(
      emails.some(
        (one) => one.contact_notifications.method === 'email' && one.contact_notifications.active,
      ),
    ).toBe(true);
  });

  it('seeds at least five sites in NZ and AU with tags, timezone, season and map settings', async () => {
    const sites = await db.select().from(t.sites);
    expect(sites.length).toBeGreaterThanOrEqual(5);
    expect(new Set(sites.map((site) => site.tags.country))).toEqual(new Set(['nz', 'au']));
    const timezones = new Set(sites.map((site) => site.config.timezone));
    for (const zone of [
      'Pacific/Auckland',
      'Australia/Adelaide',
      'Australia/Melbourne',
      'Australia/Hobart',
    ]) {
      expect(timezones).toContain(zone);
    }
    for (const site of sites) {
      expect(siteTagsSchema.parse(site.tags).cropType).toBeTruthy();
      expect(siteConfigSchema.parse(site.config).season).toBeDefined();
      const settings = siteSettingsSchema.parse(site.settings);
      expect(settings.bounds).toBeDefined();
      // The site map shows the site's own markers and polygons (§2 map views).
      expect(settings.markers?.map((marker) => marker.label)).toEqual(['Pump shed', 'Main gate']);
      expect(settings.polygons?.length).toBeGreaterThan(0);
      expect(pointTextSchema.safeParse(site.location).success).toBe(true);
      expect(site.applications).toContain('irrigation');
      expect(site.operator).toBeTruthy();
      expect(site.client).toBeTruthy();
    }
    expect(seeded.sites.map((site) => site.id).sort()).toEqual(sites.map((site) => site.id).sort());
  });

  it('has every area type and an area with the weather capability', async () => {
    const areas = await db.select().from(t.areas);
    expect(new Set(areas.map((area) => area.type))).toEqual(
      new Set(['irrigation', 'water', 'frost']),
    );
    expect(areas.some((area) => area.capabilities.includes('weather'))).toBe(true);
    for (const area of areas) {
      expect(areaSettingsSchema.parse(area.settings).bounds).toBeDefined();
      expect(geometrySchema.safeParse(area.geometry).success).toBe(true);
      expect(polygonTextSchema.safeParse(area.outline).success).toBe(true);
    }
    // Faults and warnings show somewhere, as a demo should.
    expect(areas.some((area) => area.status === 'fault' && area.hasFaults)).toBe(true);
    expect(areas.some((area) => area.status === 'warning')).toBe(true);
  });

  it('draws every section as a real polygon near its site', async () => {
    const rows = await db
      .select({ section: t.sections, site: t.sites })
      .from(t.sections)
      .innerJoin(t.areas, eq(t.areas.id, t.sections.areaId))
      .innerJoin(t.sites, eq(t.sites.id, t.areas.siteId));
    expect(rows.length).toBeGreaterThan(30);
    for (const { section, site } of rows) {
      const outline = polygonTextSchema.parse(section.outline);
      expect(outline.length).toBeGreaterThanOrEqual(3);
      const siteLocation = pointTextSchema.parse(site.location);
      for (const corner of outline) expect(metresBetween(corner, siteLocation)).toBeLessThan(5000);
      expect(pointTextSchema.safeParse(section.location).success).toBe(true);
    }
  });
});

describe('seedDemoFarm: hardware and programs', () => {
  it('has radios of the three types, with repeaters and a coordinator heading each mesh', async () => {
    const radios = await db.select().from(t.radios);
    expect(new Set(radios.map((radio) => radio.type))).toEqual(new Set(['WVC', 'WMR', 'LoRa']));
    const ids = new Set(radios.map((radio) => radio.id));
    const repeaters = radios.filter((radio) => radio.config.repeater);
    const coordinators = radios.filter((radio) => radio.config.coordinator);
    expect(repeaters.length).toBeGreaterThan(0);
    expect(coordinators.length).toBe(seeded.sites.length);
    for (const radio of radios) {
      radioConfigSchema.parse(radio.config);
      for (const child of radio.config.children) expect(ids).toContain(child);
      expect(radio.lastUpdate).toBeInstanceOf(Date);
      expect(radio.batteryValue).toEqual(expect.any(Number));
      expect(radio.signalValue).toEqual(expect.any(Number));
      expect(radio.missesValue).toEqual(expect.any(Number));
    }
    expect(radios.some((radio) => radio.overdue)).toBe(true);
    expect(radios.some((radio) => radio.fault)).toBe(true);
    const units = await db.select().from(t.units);
    for (const unit of units) expect(ids).toContain(unit.radioId);
  });

  it('has a sensor of every §3 type, each with valid topics', async () => {
    const sensors = await db.select().from(t.sensors);
    expect(new Set(sensors.map((sensor) => sensor.type))).toEqual(
      new Set(sensorTypeSchema.options),
    );
    for (const sensor of sensors) {
      expect(sensor.topics.length).toBeGreaterThan(0);
      for (const topic of sensor.topics) sensorTopicSchema.parse(topic);
    }
  });

  it('has valves, pumps, a pivot and an add-on valve', async () => {
    const controls = await db.select().from(t.controls);
    expect(new Set(controls.map((control) => control.type))).toEqual(
      new Set(['valve', 'pump', 'pivot', 'valveAddon']),
    );
    for (const control of controls) {
      if (control.application) controlApplicationSchema.parse(control.application);
    }
  });

  it('has one program per irrigation area, at most 4 sequences of its own sections', async () => {
    const areas = await db.select().from(t.areas).where(eq(t.areas.type, 'irrigation'));
    const programs = await db.select().from(t.programs);
    const sections = await db.select().from(t.sections);
    const controls = await db.select().from(t.controls);
    expect(programs.map((program) => program.areaId).sort()).toEqual(
      areas.map((area) => area.id).sort(),
    );
    for (const program of programs) {
      const schedule = programScheduleSchema.parse(program.schedule);
      programStatusSchema.parse(program.status);
      expect(schedule.sequences.length).toBeGreaterThan(0);
      expect(schedule.sequences.length).toBeLessThanOrEqual(4);
      const own = new Set(
        sections
          .filter((section) => section.areaId === program.areaId)
          .map((section) => section.id),
      );
      const sequenced = new Set(schedule.sequences.flat());
      for (const id of sequenced) expect(own).toContain(id);
      expect(new Set(program.zones.map((zone) => zone.id))).toEqual(own);
      for (const zone of program.zones) {
        programZoneSchema.parse(zone);
        expect(zone.setting.banned).toBe(!sequenced.has(zone.id));
        expect(zone.setting.depth).toBeGreaterThan(0);
      }
      for (const pumpId of schedule.attachments) {
        const pump = controls.find((control) => control.id === pumpId);
        expect(pump).toMatchObject({ type: 'pump', areaId: program.areaId });
      }
    }
    const zones = programs.flatMap((program) => program.zones);
    expect(zones.some((zone) => zone.setting.repeat && zone.setting.repeatCount > 0)).toBe(true);
    expect(zones.some((zone) => zone.setting.banned)).toBe(true);
    expect(new Set(programs.map((program) => program.status.activity))).toEqual(
      new Set(['running', 'paused', 'stopped']),
    );
  });
});

describe('seedDemoFarm: people, alarms and events', () => {
  it('gives the demo accounts the password and the memberships the README promises', async () => {
    const users = await db.select().from(t.users);
    expect(users.map((user) => user.login).sort()).toEqual(
      DEMO_ACCOUNTS.map((a) => a.login).sort(),
    );
    const members = await db.select().from(t.siteMembers);
    const siteCount = seeded.sites.length;
    const of = (key: (typeof DEMO_ACCOUNTS)[number]['key']) =>
      members.filter((member) => member.userId === seeded.accounts[key].id);
    expect(of('admin')).toHaveLength(siteCount);
    expect(of('manager')).toHaveLength(2);
    expect(of('monitor')).toHaveLength(1);
    expect(of('staff')).toHaveLength(siteCount);
    for (const member of of('admin')) expect(member.privileges).toEqual([...ROLES.admin.actions]);
    for (const member of of('manager'))
      expect(member.privileges).toEqual([...ROLES.manage.actions]);
    for (const member of of('monitor'))
      expect(member.privileges).toEqual([...ROLES.monitor.actions]);
    for (const member of of('staff')) {
      expect(member.privileges).toEqual(
        expect.arrayContaining([...ROLES.admin.actions, 'loginAs', 'internal', 'install']),
      );
    }
    expect(members.every((member) => member.signupStatus === 'completed')).toBe(true);
    const staff = users.find((user) => user.login === DEMO_LOGINS.staff);
    expect(staff?.privileges).toEqual(['loginAs', 'internal', 'install']);
    for (const user of users) {
      if (user.login !== staff?.login) expect(user.privileges).toEqual([]);
      expect(await verifyPassword(user.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    expect(await verifyPassword(users[0]?.passwordHash ?? null, 'not the password')).toBe(false);
  });

  it('has contacts reachable by email, sms and voice at valid NZ and AU numbers', async () => {
    const rows = await db
      .select({ notification: t.contactNotifications, site: t.sites })
      .from(t.contactNotifications)
      .innerJoin(t.contacts, eq(t.contacts.id, t.contactNotifications.contactId))
      .innerJoin(t.sites, eq(t.sites.id, t.contacts.siteId));
    expect(new Set(rows.map((row) => row.notification.method))).toEqual(
      new Set(['email', 'sms', 'voice']),
    );
    const numbers = rows.filter((row) => row.notification.method !== 'email');
    expect(numbers.some((row) => row.notification.address.startsWith('+64'))).toBe(true);
    expect(numbers.some((row) => row.notification.address.startsWith('+61'))).toBe(true);
    for (const { notification } of numbers) {
      const kind = notification.method === 'sms' ? 'sms' : 'voice';
      expect(normalisePhone(notification.address, kind)).toBe(notification.address);
    }
    const demoContacts = await db
      .select()
      .from(t.contacts)
      .where(
        inArray(
          t.contacts.userId,
          Object.values(seeded.accounts).map((account) => account.id),
        ),
      );
    expect(demoContacts.length).toBeGreaterThan(0);
  });

  it('has alarms built from the templates, with the alarm id in the rule', async () => {
    const alarms = await db.select().from(t.alarms);
    expect(alarms.length).toBeGreaterThan(5);
    const notificationIds = new Set(
      (await db.select({ id: t.contactNotifications.id }).from(t.contactNotifications)).map(
        (row) => row.id,
      ),
    );
    for (const alarm of alarms) {
      const rule = alarmRuleSchema.parse(alarm.rule);
      expect(rule.id).toBe(alarm.id);
      expect(Object.values(ALARM_TEMPLATES)).toContain(rule.template);
      for (const id of alarm.notifications) expect(notificationIds).toContain(id);
    }
    const templates = new Set(alarms.map((alarm) => alarm.rule.template));
    expect(templates).toContain(ALARM_TEMPLATES.simpleSetPoint);
    expect(templates).toContain(ALARM_TEMPLATES.anyRadioOverdue);
  });

  it('has events of each type, some still open', async () => {
    const events = await db.select().from(t.events);
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set(['warning', 'error', 'info']),
    );
    expect(events.some((event) => event.open)).toBe(true);
    expect(events.some((event) => !event.open)).toBe(true);
    for (const event of events)
      expect(event.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('has an audit log whose chains hold, with a fan’s start temperature change in words', async () => {
    const rows = await queryRows<{ site_id: number | null; text: string }>(
      db,
      sql`select site_id, text from audit_trail order by id`,
    );
    const texts = rows.map((row) => row.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Aroha .+ changed the start temperature of .+ from 0\.5 °C to 0 °C$/,
        ),
        expect.stringMatching(/^Sam .+ \(as Aroha .+\) started /),
        'Failed sign-in as “admin@demo.paddock.example” (wrong login or password)',
      ]),
    );
    const chains = new Set(rows.map((row) => row.site_id));
    for (const siteId of chains) {
      expect(verifyChain(await auditChain(db, siteId), sha256)).toMatchObject({ ok: true });
    }
  });

  it('has notes on a zone of every site and on a radio, each on a thing of its own area', async () => {
    const notes = await db.select().from(t.notes);
    const sections = await db.select().from(t.sections);
    const radios = await db.select().from(t.radios);
    const zoned = notes.filter((note) => note.targetType === 'section');
    const areaOfSection = new Map(sections.map((section) => [section.id, section.areaId]));
    const areas = await db.select().from(t.areas);
    const siteOfArea = new Map(areas.map((area) => [area.id, area.siteId]));
    expect(new Set(zoned.map((note) => siteOfArea.get(note.areaId)))).toEqual(
      new Set(seeded.sites.map((site) => site.id)),
    );
    for (const note of zoned) expect(areaOfSection.get(note.targetId)).toBe(note.areaId);
    const radioNotes = notes.filter((note) => note.targetType === 'radio');
    expect(radioNotes.length).toBeGreaterThan(0);
    for (const note of radioNotes) {
      expect(radios.find((radio) => radio.id === note.targetId)?.areaId).toBe(note.areaId);
    }
    for (const note of notes) {
      expect(note.createdBy).not.toBeNull();
      expect(note.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('has the §9 weather-layer metrics', async () => {
    const ids = (await db.select({ id: t.metrics.id }).from(t.metrics)).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(WEATHER_LAYERS)));
  });

  it('refuses to seed again and changes nothing', async () => {
    const before = [await countOf(t.sites), await countOf(t.users), await countOf(t.radios)];
    await expect(seedDemoFarm(db, { now: NOW })).rejects.toBeInstanceOf(SeedRefusedError);
    expect([await countOf(t.sites), await countOf(t.users), await countOf(t.radios)]).toEqual(
      before,
    );
  });
});

describe('the API on the demo farm', () => {
  /**
   * Every read of every seeded site and area answers 200: the seeded rows pass the response
   * schemas, so the demo never shows an error page for data the seed wrote.
   */
  it('serves every demo site and area, and each account sees its own sites', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'paddock-seed-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', PADDOCK_DATA_DIR: outboxDir });
    const app = await buildApp(config, { db });
    try {
      const tokenOf = (userId: number) =>
        signedInToken(db, app.ctx.tokenSecret, {
          userId,
          actorUserId: null,
          sessionTtlSeconds: 3600,
          accessTtlSeconds: 3600,
          now: new Date(),
        });
      const admin = await tokenOf(seeded.accounts.admin.id);
      const call = (token: string, url: string, method: 'GET' | 'POST' = 'GET') =>
        app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(method === 'POST' ? { payload: {} } : {}),
        });

      const urls = [
        '/api/sites',
        '/api/sites?extended=true',
        '/api/sites/filter',
        '/api/metrics/list',
      ];
      for (const { id } of seeded.sites) {
        urls.push(
          `/api/sites/${id}`,
          `/api/sites/${id}/summary`,
          `/api/sites/${id}/units`,
          `/api/sites/${id}/privileges`,
          `/api/sites/${id}/users`,
          `/api/contacts?site=${id}`,
        );
      }
      for (const { id } of await db.select({ id: t.areas.id }).from(t.areas)) {
        urls.push(
          `/api/areas/${id}`,
          `/api/sections?area=${id}`,
          `/api/areas/${id}/radios`,
          `/api/areas/${id}/sensors`,
          `/api/controls?area=${id}`,
          `/api/programs?area=${id}`,
          `/api/areas/${id}/alarms`,
        );
      }
      const failed: string[] = [];
      for (const url of urls) {
        const response = await call(admin, url);
        if (response.statusCode !== 200) failed.push(`${url} ${response.statusCode}`);
      }
      for (const { id } of await db.select({ id: t.areas.id }).from(t.areas)) {
        const response = await call(admin, `/api/areas/${id}/events`, 'POST');
        if (response.statusCode !== 200) failed.push(`events of ${id} ${response.statusCode}`);
      }
      expect(failed).toEqual([]);

      const siteCount = async (key: DemoAccountKey) =>
        (await call(await tokenOf(seeded.accounts[key].id), '/api/sites')).json<unknown[]>().length;
      expect(await siteCount('admin')).toBe(seeded.sites.length);
      expect(await siteCount('manager')).toBe(2);
      expect(await siteCount('monitor')).toBe(1);
      expect(await siteCount('staff')).toBe(seeded.sites.length);
    } finally {
      await app.close();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
