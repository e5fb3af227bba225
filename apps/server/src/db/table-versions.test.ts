import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import * as schema from './schema.ts';
import { tableVersionsOf } from './table-versions.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

// Embedded, access checks and the bodies of GET sites/{id} are kept in the process until a table
// they were read from is written (db/table-versions.ts); on PostgreSQL they are read on every
// call. Either way, what anyone writes to the database shows in the next call, above all a
// privilege taken away.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('table versions', () => {
  let embedded: DatabaseHandle;
  beforeAll(async () => {
    embedded = await openDatabase({ kind: 'pglite', dataDir: null });
  });
  afterAll(() => embedded.close());

  it('are counted for an embedded database and not for PostgreSQL', () => {
    expect(tableVersionsOf(embedded.db)).not.toBeNull();
    expect(tableVersionsOf(t.db) === null).toBe(t.handle.kind === 'postgres');
  });

  it('move when a statement writes the table, and only that table', async () => {
    const versions = tableVersionsOf(embedded.db);
    if (!versions) throw new Error('an embedded database has table versions');
    const radios = versions.of(['radios']);
    const areas = versions.of(['areas']);
    await embedded.db.execute(sql`delete from radios where id = -1`);
    expect(versions.of(['radios'])).not.toBe(radios);
    expect(versions.of(['areas'])).toBe(areas);
  });

  it('move when the writing transaction commits, not before', async () => {
    const versions = tableVersionsOf(embedded.db);
    if (!versions) throw new Error('an embedded database has table versions');
    const before = versions.of(['site_members', 'users']);
    let inside = '';
    await embedded.db.transaction(async (tx) => {
      await tx.execute(sql`update site_members set privileges = privileges where false`);
      inside = versions.of(['site_members', 'users']);
    });
    expect(inside).toBe(before);
    expect(versions.of(['site_members', 'users'])).not.toBe(before);
  });
});

describe('the memberships counter (data_versions, migration 0038)', () => {
  const counter = async () => {
    const [row] = await t.db
      .select({ version: schema.dataVersions.version })
      .from(schema.dataVersions)
      .where(eq(schema.dataVersions.name, 'memberships'));
    if (!row) throw new Error('migration 0038 adds the memberships counter');
    return row.version;
  };
  const moves = async (write: () => Promise<unknown>) => {
    const before = await counter();
    await write();
    return (await counter()) !== before;
  };

  it('moves with the lists of a member: memberships, user privileges, areas made or moved', async () => {
    const manager = t.farm.users.manager.id;
    const area = t.farm.areas.irrigation.id;
    const writes = {
      site_members: sql`update site_members set privileges = privileges where user_id = ${manager}`,
      area_members: sql`update area_members set privileges = privileges`,
      'users.privileges': sql`update users set privileges = privileges where id = ${manager}`,
      'areas.site_id': sql`update areas set site_id = site_id where id = ${area}`,
    };
    for (const [what, write] of Object.entries(writes)) {
      expect(await moves(() => t.db.execute(write)), what).toBe(true);
    }
  });

  it('stays with the writes ingest and sign-in make often: an area’s state, a user’s other fields', async () => {
    const manager = t.farm.users.manager.id;
    const area = t.farm.areas.irrigation.id;
    const writes = {
      'areas.has_faults': sql`update areas set has_faults = has_faults where id = ${area}`,
      'users.first_name': sql`update users set first_name = first_name where id = ${manager}`,
    };
    for (const [what, write] of Object.entries(writes)) {
      expect(await moves(() => t.db.execute(write)), what).toBe(false);
    }
  });
});

describe('object access checks', () => {
  const radioCall = (userId: number, radioId: number) =>
    t.as(userId, { method: 'GET', url: `/api/radios/${radioId}` });

  it('refuse a privilege taken away in the database on the next call', async () => {
    const { manager } = t.farm.users;
    const radio = t.farm.radios.radio1;
    expect((await radioCall(manager.id, radio.id)).statusCode).toBe(200);
    await t.db
      .update(schema.siteMembers)
      .set({ privileges: [] })
      .where(
        and(
          eq(schema.siteMembers.userId, manager.id),
          eq(schema.siteMembers.siteId, t.farm.sites.a.id),
        ),
      );
    expect((await radioCall(manager.id, radio.id)).statusCode).toBe(403);
  });

  it('follow an object moved to another site by another process', async () => {
    const { monitor } = t.farm.users;
    const radio = t.farm.radios.radio2;
    expect((await radioCall(monitor.id, radio.id)).statusCode).toBe(200);
    await t.db
      .update(schema.radios)
      .set({ siteId: t.farm.sites.b.id, areaId: t.farm.areas.irrigationB.id, sectionId: null })
      .where(eq(schema.radios.id, radio.id));
    expect((await radioCall(monitor.id, radio.id)).statusCode).toBe(403);
    expect((await radioCall(t.farm.users.admin.id, radio.id)).statusCode).toBe(200);
  });

  it('answer 404 for an object deleted by another process', async () => {
    const radio = t.farm.radios.radioB;
    expect((await radioCall(t.farm.users.admin.id, radio.id)).statusCode).toBe(200);
    await t.db.delete(schema.radios).where(eq(schema.radios.id, radio.id));
    expect((await radioCall(t.farm.users.admin.id, radio.id)).statusCode).toBe(404);
  });
});

describe('GET sites/{id}', () => {
  const siteCall = (userId: number, headers: Record<string, string> = {}) =>
    t.as(userId, { method: 'GET', url: `/api/sites/${t.farm.sites.a.id}`, headers });

  it('answers 304 with no body to a caller holding the same bytes', async () => {
    const first = await siteCall(t.farm.users.admin.id);
    expect(first.statusCode).toBe(200);
    const again = await siteCall(t.farm.users.admin.id, {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows an area renamed by another process in the next call', async () => {
    const area = t.farm.areas.water;
    await siteCall(t.farm.users.admin.id);
    await t.db
      .update(schema.areas)
      .set({ label: 'Renamed elsewhere' })
      .where(eq(schema.areas.id, area.id));
    const site = (await siteCall(t.farm.users.admin.id)).json() as {
      areas: { id: number; label: string }[];
    };
    expect(site.areas.find((entry) => entry.id === area.id)?.label).toBe('Renamed elsewhere');
  });

  it('refuses a member whose membership is revoked by another process', async () => {
    const { monitor } = t.farm.users;
    expect((await siteCall(monitor.id)).statusCode).toBe(200);
    await t.db
      .update(schema.siteMembers)
      .set({ signupStatus: 'revoked' })
      .where(eq(schema.siteMembers.userId, monitor.id));
    expect((await siteCall(monitor.id)).statusCode).toBe(403);
  });
});
