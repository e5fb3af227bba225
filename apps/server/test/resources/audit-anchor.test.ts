/**
 * The audit log's daily anchors and retention by whole months (issue 33 item 2): the worker's
 * files in the export folder and the kept anchors, the append-only trigger that lets only
 * retention's deletes through, and verify after retention and after tampering that redoes every
 * hash. Rows are appended as the product appends them, at times of the test's choosing; the
 * test clock's now is 2026-11-21T09:00Z. On PGlite, or PostgreSQL with DATABASE_URL.
 */
import { auditHash, verifyChain, type AuditRecord } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { readFile, rm, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  anchorFilePath,
  expireWholeMonths,
  lastExpiredDay,
  startAuditAnchors,
  writeDueAnchors,
} from '../../src/audit/audit-anchor.ts';
import { ACCOUNT_CHAIN, anchorPoints } from '../../src/audit/audit-anchor.repository.ts';
import { appendAudit, auditChain, sha256 } from '../../src/audit/audit.repository.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { queryRows, type Database } from '../../src/db/client.ts';
import { quietLog } from '../helpers/field.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let siteA: number;
let siteB: number;
/** A site gone from the sites table: its rows outlive it, and are anchored all the same. */
const SITE_GONE = 990_001;
/** The account-level rows (a sign-in has no site): chain 0, anchored and kept like a site's. */
const ACCOUNT = null;

const entry = (siteId: number | null, time: string, text: string) => ({
  time: new Date(time),
  siteId,
  actorId: t.farm.users.admin.id,
  actingAsId: null,
  address: '198.51.100.7',
  areaId: null,
  kind: siteId === null ? 'user' : 'site',
  targetId: siteId ?? t.farm.users.admin.id,
  operation: siteId === null ? 'POST /auth/login' : 'PUT /sites/:id',
  before: null,
  after: { text },
  text,
});

beforeAll(async () => {
  t = await buildTestApp();
  siteA = t.farm.sites.a.id;
  siteB = t.farm.sites.b.id;
  const rows: [number | null, string][] = [
    [siteA, '2026-08-10T10:00:00Z'],
    [siteA, '2026-08-10T11:00:00Z'],
    [siteA, '2026-09-05T08:00:00Z'],
    [siteA, '2026-09-30T23:59:59Z'],
    [siteA, '2026-10-03T12:00:00Z'],
    [siteA, '2026-11-20T15:00:00Z'],
    // Site b: September only, nothing after its last anchored month.
    [siteB, '2026-09-12T06:00:00Z'],
    [SITE_GONE, '2026-09-03T06:00:00Z'],
    [SITE_GONE, '2026-10-09T06:00:00Z'],
    [ACCOUNT, '2026-09-20T07:00:00Z'],
    [ACCOUNT, '2026-10-02T07:00:00Z'],
  ];
  for (const [siteId, time] of rows) await appendAudit(t.db, entry(siteId, time, `At ${time}`));
});
afterAll(() => t.close());

const exportDir = () => t.config.exportDir;
const readAnchor = async (siteId: number, date: string) =>
  JSON.parse(await readFile(anchorFilePath(exportDir(), siteId, date), 'utf8')) as unknown;
const fileExists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const chainOf = (siteId: number | null) => auditChain(t.db, siteId);
const anchorCount = async (siteId: number) =>
  Number(
    (
      await queryRows<{ count: string | number }>(
        t.db,
        sql`select count(*) as count from audit_anchors where site_id = ${siteId}`,
      )
    )[0]?.count,
  );

describe('the daily anchor', () => {
  it("writes each site's every ended day, with the day's last row's seq and hash", async () => {
    const round = await writeDueAnchors(t.db, { now: t.clock.now(), exportDir: exportDir() });
    expect(round.more).toBe(false);
    const chain = await chainOf(siteA);
    const last = chain.at(-1);
    expect(await readAnchor(siteA, '2026-11-20')).toEqual({
      site: siteA,
      date: '2026-11-20',
      seq: 6,
      hash: last?.hash,
      time: '2026-11-20T15:00:00.000Z',
      rows: 1,
    });
    expect(await readAnchor(siteA, '2026-08-10')).toMatchObject({
      seq: 2,
      hash: chain[1]?.hash,
      rows: 2,
    });
    // A day with no rows keeps the last hash before it.
    expect(await readAnchor(siteA, '2026-08-11')).toMatchObject({ seq: 2, rows: 0 });
    // The last second of a month belongs to that month's last day.
    expect(await readAnchor(siteA, '2026-09-30')).toMatchObject({ seq: 4, rows: 1 });
    expect(await fileExists(anchorFilePath(exportDir(), siteA, '2026-08-09'))).toBe(false);
    // Today has not ended.
    expect(await fileExists(anchorFilePath(exportDir(), siteA, '2026-11-21'))).toBe(false);
    // 10 August to 20 November, both included; 12 September to 20 November for site b.
    expect(await anchorCount(siteA)).toBe(103);
    expect(await anchorCount(siteB)).toBe(70);
    expect(await anchorCount(SITE_GONE)).toBe(79);
    // 20 September to 20 November, in the account folder, naming no site.
    expect(await anchorCount(ACCOUNT_CHAIN)).toBe(62);
    expect(round.written).toBe(103 + 70 + 79 + 62);
    expect(anchorFilePath(exportDir(), ACCOUNT_CHAIN, '2026-10-02')).toMatch(
      /audit-anchors[/\\]account[/\\]2026-10-02\.json$/,
    );
    expect(await readAnchor(ACCOUNT_CHAIN, '2026-10-02')).toEqual({
      site: null,
      date: '2026-10-02',
      seq: 2,
      hash: (await chainOf(ACCOUNT)).at(-1)?.hash,
      time: '2026-10-02T07:00:00.000Z',
      rows: 1,
    });
  });

  it('writes nothing on a second run the same day', async () => {
    const file = anchorFilePath(exportDir(), siteA, '2026-11-20');
    const before = (await stat(file)).mtimeMs;
    const round = await writeDueAnchors(t.db, { now: t.clock.now(), exportDir: exportDir() });
    expect(round).toEqual({ written: 0, more: false });
    expect((await stat(file)).mtimeMs).toBe(before);
    expect(await anchorCount(siteA)).toBe(103);
  });

  it('catches up in rounds of at most the limit', async () => {
    const later = new Date('2026-11-25T01:00:00Z');
    const first = await writeDueAnchors(t.db, { now: later, exportDir: exportDir(), limit: 5 });
    expect(first).toEqual({ written: 5, more: true });
    // The account rows' 21–24 November, then site a's 21st; the rest on the next round.
    expect(await anchorCount(ACCOUNT_CHAIN)).toBe(66);
    expect(await anchorCount(siteA)).toBe(104);
    expect(await anchorCount(siteB)).toBe(70);
  });

  it('is written at worker start for a day not yet anchored', async () => {
    t.clock.set(new Date('2026-11-26T00:30:00Z'));
    const job = startAuditAnchors({
      db: t.db,
      clock: t.clock,
      log: quietLog,
      exportDir: exportDir(),
      retentionMonths: 84,
    });
    try {
      await vi.waitFor(
        async () => {
          expect(await readAnchor(siteA, '2026-11-25')).toMatchObject({ seq: 6, rows: 0 });
          expect(await anchorCount(SITE_GONE)).toBe(79 + 5);
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await job.close();
    }
    expect(await anchorCount(siteB)).toBe(75);
    // Seven years kept: nothing of this year goes.
    expect((await chainOf(siteA)).length).toBe(6);
  });

  it('waits a couple of minutes after midnight, for changes timed just before it', async () => {
    const at = (time: string) =>
      writeDueAnchors(t.db, { now: new Date(time), exportDir: exportDir() });
    expect(await at('2026-11-27T00:01:00Z')).toEqual({ written: 0, more: false });
    expect(await at('2026-11-27T00:03:00Z')).toEqual({ written: 4, more: false });
    expect(await readAnchor(siteB, '2026-11-26')).toMatchObject({ seq: 1, rows: 0 });
  });
});

/** Runs the statements in one transaction that names `expiry` as retention would. */
const withExpiry = (expiry: string, statement: ReturnType<typeof sql>) =>
  t.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db.execute(sql`select set_config('paddock.audit_expiry', ${expiry}, true)`);
    await db.execute(statement);
  });

describe('the append-only trigger', () => {
  const refusals: [string, () => Promise<unknown>][] = [
    ['a plain delete', () => t.db.execute(sql`delete from audit_trail where site_id = ${siteA}`)],
    ['an update', () => t.db.execute(sql`update audit_trail set text = 'x' where seq = 1`)],
    [
      'an update, with retention’s setting',
      () => withExpiry(`${siteA}:2`, sql`update audit_trail set text = 'x' where seq = 1`),
    ],
    [
      'a delete up to a seq no anchor kept',
      () =>
        withExpiry(`${siteA}:1`, sql`delete from audit_trail where site_id = ${siteA} and seq = 1`),
    ],
    [
      'a delete past the seq named',
      () =>
        withExpiry(`${siteA}:2`, sql`delete from audit_trail where site_id = ${siteA} and seq = 3`),
    ],
    [
      'a delete of another site’s row',
      () =>
        withExpiry(`${siteA}:2`, sql`delete from audit_trail where site_id = ${siteB} and seq = 1`),
    ],
    [
      'a delete of an account row past the seq named',
      () =>
        withExpiry(
          `${ACCOUNT_CHAIN}:1`,
          sql`delete from audit_trail where site_id is null and seq = 2`,
        ),
    ],
    [
      'a delete of an account row under a site’s setting',
      () => withExpiry(`${siteA}:2`, sql`delete from audit_trail where site_id is null`),
    ],
    [
      'a delete with a setting not of the form site:seq',
      () => withExpiry(`${siteA}:2 or true`, sql`delete from audit_trail where site_id = ${siteA}`),
    ],
    ['a truncate', () => t.db.execute(sql`truncate audit_trail`)],
    ['an anchor deleted', () => t.db.execute(sql`delete from audit_anchors`)],
    ['an anchor changed', () => t.db.execute(sql`update audit_anchors set hash = 'x'`)],
    ['the anchors truncated', () => t.db.execute(sql`truncate audit_anchors`)],
  ];
  it.each(refusals)('refuses %s', async (_, attempt) => {
    const before = (await chainOf(siteA)).length;
    await expect(attempt()).rejects.toThrow();
    expect((await chainOf(siteA)).length).toBe(before);
    expect((await chainOf(siteB)).length).toBe(1);
    expect((await chainOf(ACCOUNT)).length).toBe(2);
    expect(await anchorCount(siteA)).toBeGreaterThan(100);
  });
});

describe('retention by whole months', () => {
  it.each([
    ['2026-11-21T09:00:00Z', 1, '2026-09-30'],
    ['2026-11-01T00:00:00Z', 1, '2026-09-30'],
    ['2026-11-30T23:59:59Z', 1, '2026-09-30'],
    ['2026-03-15T00:00:00Z', 2, '2025-12-31'],
    ['2026-11-21T09:00:00Z', 84, '2019-10-31'],
  ])('on %s, keeping %i months, removes through %s', (now, months, day) => {
    expect(lastExpiredDay(new Date(now), months)).toBe(day);
  });

  it('is the setting AUDIT_RETENTION_MONTHS, seven years unless set', () => {
    expect(loadConfig({}).auditRetentionMonths).toBe(84);
    expect(loadConfig({ AUDIT_RETENTION_MONTHS: '12' }).auditRetentionMonths).toBe(12);
    for (const bad of ['0', '1.5', 'seven']) {
      expect(() => loadConfig({ AUDIT_RETENTION_MONTHS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ AUDIT_RETENTION_MONTHS: bad })).toThrow(/AUDIT_RETENTION_MONTHS/);
    }
  });

  it('keeps every month within the retention', async () => {
    // Three months kept in November: August, September and October, and November itself.
    const round = await expireWholeMonths(t.db, {
      now: t.clock.now(),
      exportDir: exportDir(),
      retentionMonths: 3,
      log: quietLog,
    });
    expect(round).toEqual({ sites: 0, rows: 0 });
    expect((await chainOf(siteA)).map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('removes whole months up to their kept anchor, and no more', async () => {
    // The gone site's anchor file is missing: its rows wait for it.
    await rm(anchorFilePath(exportDir(), SITE_GONE, '2026-09-30'));
    const round = await expireWholeMonths(t.db, {
      now: t.clock.now(),
      exportDir: exportDir(),
      retentionMonths: 1,
      log: quietLog,
    });
    // Site a's four rows of August and September, and the account rows' one of September.
    expect(round).toEqual({ sites: 2, rows: 5 });
    // October and November are kept whole.
    expect((await chainOf(siteA)).map((row) => [row.seq, row.time.toISOString()])).toEqual([
      [5, '2026-10-03T12:00:00.000Z'],
      [6, '2026-11-20T15:00:00.000Z'],
    ]);
    // A chain's last row stays, so the next row goes on from it.
    expect((await chainOf(siteB)).map((row) => row.seq)).toEqual([1]);
    expect((await chainOf(SITE_GONE)).map((row) => row.seq)).toEqual([1, 2]);
    expect((await chainOf(ACCOUNT)).map((row) => row.seq)).toEqual([2]);
    // The anchors stay, files and rows.
    expect(await readAnchor(siteA, '2026-09-30')).toMatchObject({ seq: 4 });
    expect(await anchorCount(siteA)).toBeGreaterThan(103);

    const again = await expireWholeMonths(t.db, {
      now: t.clock.now(),
      exportDir: exportDir(),
      retentionMonths: 1,
      log: quietLog,
    });
    expect(again).toEqual({ sites: 0, rows: 0 });
  });

  it('leaves the next row chaining on from the last', async () => {
    await appendAudit(t.db, entry(siteA, '2026-11-26T01:00:00Z', 'After retention'));
    expect((await chainOf(siteA)).map((row) => row.seq)).toEqual([5, 6, 7]);
  });

  it('leaves the account rows verifiable from their kept anchor, and an edit found', async () => {
    const verifyAccount = async () =>
      verifyChain(await chainOf(ACCOUNT), sha256, await anchorPoints(t.db, ACCOUNT_CHAIN));
    expect(await verifyAccount()).toEqual({ ok: true, rows: 1 });
    await t.db.execute(sql`alter table audit_trail disable trigger audit_trail_append_only`);
    try {
      await t.db.execute(
        sql`update audit_trail set text = 'Nobody signed in' where site_id is null and seq = 2`,
      );
      expect((await verifyAccount()).ok).toBe(false);
    } finally {
      await t.db.execute(
        sql`update audit_trail set text = ${'At 2026-10-02T07:00:00Z'}
             where site_id is null and seq = 2`,
      );
      await t.db.execute(sql`alter table audit_trail enable trigger audit_trail_append_only`);
    }
    expect(await verifyAccount()).toEqual({ ok: true, rows: 1 });
  });
});

describe('verify after retention', () => {
  const verify = async () => {
    const response = await t.as(t.farm.users.staff.id, {
      method: 'GET',
      url: `/api/sites/${siteA}/audit/verify`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ ok: boolean; rows: number; broken?: object }>();
  };
  /** What only someone at the database can do: the product's own statements are refused. */
  const asDatabaseOwner = async (statements: ReturnType<typeof sql>[]) => {
    await t.db.execute(sql`alter table audit_trail disable trigger audit_trail_append_only`);
    try {
      for (const statement of statements) await t.db.execute(statement);
    } finally {
      await t.db.execute(sql`alter table audit_trail enable trigger audit_trail_append_only`);
    }
  };
  /** Each row from seq `from` on, hashed again from the row before it, as a careful forger would. */
  const rehashed = (rows: Awaited<ReturnType<typeof chainOf>>, from: number) => {
    let prevHash = rows.find((row) => row.seq === from)?.prevHash ?? '';
    return rows
      .filter((row) => row.seq >= from)
      .map((row) => {
        const record: AuditRecord = { ...row };
        const hash = auditHash(prevHash, record, sha256);
        const statement = sql`update audit_trail set after = ${JSON.stringify(row.after)}::jsonb,
          prev_hash = ${prevHash}, hash = ${hash} where site_id = ${siteA} and seq = ${row.seq}`;
        prevHash = hash;
        return statement;
      });
  };

  it('holds from the kept anchor: the expired months are no gap', async () => {
    expect(await verify()).toEqual({ ok: true, rows: 3 });
  });

  it('finds a row edited after the anchor with every later hash redone', async () => {
    const rows = await chainOf(siteA);
    const forged = rows.map((row) =>
      row.seq === 5 ? { ...row, after: { text: 'Nothing happened' } } : row,
    );
    await asDatabaseOwner(rehashed(forged, 5));
    try {
      expect(await verify()).toEqual({
        ok: false,
        rows: 3,
        broken: { id: rows[0]?.id, seq: 5, reason: 'anchor' },
      });
    } finally {
      await asDatabaseOwner(rehashed(rows, 5));
    }
    expect(await verify()).toEqual({ ok: true, rows: 3 });
  });

  it('finds a row deleted any other way, and rows gone from the end', async () => {
    const rows = await chainOf(siteA);
    await asDatabaseOwner([sql`delete from audit_trail where site_id = ${siteA} and seq = 5`]);
    expect(await verify()).toMatchObject({
      ok: false,
      broken: { id: rows[1]?.id, seq: 6, reason: 'missing' },
    });
    await asDatabaseOwner([sql`delete from audit_trail where site_id = ${siteA}`]);
    expect(await verify()).toEqual({
      ok: false,
      rows: 0,
      broken: { id: null, seq: 5, reason: 'missing' },
    });
  });
});
