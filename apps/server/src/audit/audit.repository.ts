/**
 * SQL of the audit log (issue 33 items 1 and 2, table audit_trail, migration 0031): appending a row
 * to its site's hash chain, a site's rows newest first with filters, and a chain in order for
 * verify. Rows are only ever inserted; the table's trigger refuses updates and deletes.
 */
import {
  AUDIT_GENESIS_HASH,
  auditHash,
  type AuditRecord,
  type ChainedAuditRecord,
} from '@paddock/domain';
import { sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { queryRows, type Database } from '../db/client.ts';

export const sha256 = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

/** A row to append: everything but its place in the chain, which appendAudit gives it. */
export type AuditEntry = Omit<AuditRecord, 'seq'>;

/** Any site's chain may not be null in SQL's sense: the account-level rows are chain 0. */
const chainKey = (siteId: number | null) => siteId ?? 0;

/**
 * Appends the row to its site's chain at once, in a transaction of its own (a failed sign-in, a
 * seed's history). Rows of one site are written one at a time (a transaction lock on the site's
 * chain), so two writers never both read the same last hash; other sites' writers do not wait.
 */
export async function appendAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.transaction(async (tx) => {
    await lockChain(tx as unknown as Database, entry.siteId);
    await appendLocked(tx as unknown as Database, [entry]);
  });
}

/**
 * Stages the row in the caller's transaction, the one that makes the change it tells: the two are
 * kept or lost together. No lock is taken, so the change's transaction never waits on, nor holds
 * up, the site's other writers; chainStaged moves the row into its chain after the commit.
 */
export async function stageAudit(tx: Database, entry: AuditEntry): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`insert into audit_pending (site_id, entry)
        values (${entry.siteId}, ${jsonb({ ...entry, time: entry.time.toISOString() })})
        returning id`,
  );
  return Number(row?.id);
}

/** Takes back a staged row before it is chained: its call failed after its transaction. */
export async function unstageAudit(db: Database, id: number): Promise<void> {
  await db.execute(sql`delete from audit_pending where id = ${id}`);
}

/** Staged rows chained in one transaction at most. */
const CHAIN_BATCH = 500;

/**
 * Moves a chain's staged rows into it, in the order they were staged, under the chain's lock, in
 * a short transaction of its own; answers how many. Two callers on one chain take turns, and the
 * second finds the rows gone.
 */
export async function chainStaged(db: Database, siteId: number | null): Promise<number> {
  return db.transaction(async (tx) => {
    const inTx = tx as unknown as Database;
    await lockChain(inTx, siteId);
    const staged = await queryRows<{ id: string | number; entry: StagedEntry }>(
      inTx,
      sql`select id, entry from audit_pending where coalesce(site_id, 0) = ${chainKey(siteId)}
           order by id limit ${CHAIN_BATCH}`,
    );
    if (staged.length === 0) return 0;
    await appendLocked(
      inTx,
      // As stored: a field JSON left out (undefined) is null in the chain's hash, as in the row.
      staged.map(({ entry }) => ({
        ...entry,
        time: new Date(entry.time),
        before: entry.before ?? null,
        after: entry.after ?? null,
      })),
    );
    const ids = staged.map((row) => Number(row.id));
    await inTx.execute(sql`delete from audit_pending where id in ${sql.raw(`(${ids.join(',')})`)}`);
    return staged.length;
  });
}

/**
 * Every chain's staged rows at least `olderThanMs` old (the worker's round): what the worker
 * staged itself, and a call's row its own answer did not chain (the process stopped between).
 * A call's row is left to its call that long, which takes it back if the call failed.
 */
export async function chainAllStaged(db: Database, olderThanMs = 60_000): Promise<number> {
  const chains = await queryRows<{ site_id: number | null }>(
    db,
    sql`select distinct site_id from audit_pending
         where staged_at < now() - make_interval(secs => ${olderThanMs / 1000})`,
  );
  let chained = 0;
  for (const chain of chains) {
    const siteId = chain.site_id === null ? null : Number(chain.site_id);
    let moved: number;
    do {
      moved = await chainStaged(db, siteId);
      chained += moved;
    } while (moved === CHAIN_BATCH);
  }
  return chained;
}

/** A staged row as its jsonb holds it: the time as an ISO string. */
type StagedEntry = Omit<AuditEntry, 'time'> & { time: string };

async function lockChain(tx: Database, siteId: number | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_SPACE}, ${chainKey(siteId)})`);
}

/** Appends rows of one chain, whose lock the transaction holds, after its last row. */
async function appendLocked(tx: Database, entries: AuditEntry[]): Promise<void> {
  const chain = chainKey(entries[0]?.siteId ?? null);
  const [last] = await queryRows<{ seq: number; hash: string }>(
    tx,
    sql`select seq, hash from audit_trail where coalesce(site_id, 0) = ${chain}
         order by seq desc limit 1`,
  );
  let seq = last ? Number(last.seq) : 0;
  let prevHash = last?.hash ?? AUDIT_GENESIS_HASH;
  for (const entry of entries) {
    seq += 1;
    const record: AuditRecord = { ...entry, seq };
    const hash = auditHash(prevHash, record, sha256);
    await tx.execute(sql`
      insert into audit_trail (site_id, seq, time, actor_id, acting_as_id, address, area_id, kind,
        target_id, operation, before, after, text, prev_hash, hash)
      values (${record.siteId}, ${record.seq}, ${record.time.toISOString()}, ${record.actorId},
        ${record.actingAsId}, ${record.address}, ${record.areaId}, ${record.kind},
        ${record.targetId}, ${record.operation}, ${jsonb(record.before)}, ${jsonb(record.after)},
        ${record.text}, ${prevHash}, ${hash})`);
    prevHash = hash;
  }
}

/** The advisory-lock key space of the audit chains (its first key), apart from any other lock. */
const AUDIT_LOCK_SPACE = 0x41554454;

const jsonb = (value: unknown): SQL =>
  value === null || value === undefined ? sql`null` : sql`${JSON.stringify(value)}::jsonb`;

type StoredRow = {
  id: string | number;
  site_id: number | null;
  seq: number;
  time: Date | string;
  actor_id: number | null;
  acting_as_id: number | null;
  address: string | null;
  area_id: number | null;
  kind: string | null;
  target_id: number | null;
  operation: string;
  before: unknown;
  after: unknown;
  text: string;
  prev_hash: string;
  hash: string;
};

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));

function chainedOf(row: StoredRow): ChainedAuditRecord {
  return {
    id: Number(row.id),
    seq: Number(row.seq),
    time: new Date(row.time),
    siteId: nullableNumber(row.site_id),
    actorId: nullableNumber(row.actor_id),
    actingAsId: nullableNumber(row.acting_as_id),
    address: row.address,
    areaId: nullableNumber(row.area_id),
    kind: row.kind,
    targetId: nullableNumber(row.target_id),
    operation: row.operation,
    before: row.before,
    after: row.after,
    text: row.text,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** One chain in order: the site's rows, or the account-level rows for null. */
export async function auditChain(
  db: Database,
  siteId: number | null,
): Promise<ChainedAuditRecord[]> {
  const rows = await queryRows<StoredRow>(
    db,
    sql`select * from audit_trail where coalesce(site_id, 0) = ${chainKey(siteId)} order by seq`,
  );
  return rows.map(chainedOf);
}

export type AuditFilter = {
  siteId: number;
  from?: Date;
  to?: Date;
  actorId?: number;
  kind?: string;
  targetId?: number;
  operation?: string;
};

export type ListedAuditRow = ChainedAuditRecord & {
  actorName: string | null;
  actingAsName: string | null;
};

/** A page of the site's rows, newest first, with the people's names, and how many match. */
export async function listAudit(
  db: Database,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ListedAuditRow[]; total: number }> {
  const where = [sql`a.site_id = ${filter.siteId}`];
  if (filter.from) where.push(sql`a.time >= ${filter.from.toISOString()}`);
  if (filter.to) where.push(sql`a.time < ${filter.to.toISOString()}`);
  if (filter.actorId !== undefined) {
    where.push(sql`(a.actor_id = ${filter.actorId} or a.acting_as_id = ${filter.actorId})`);
  }
  if (filter.kind !== undefined) where.push(sql`a.kind = ${filter.kind}`);
  if (filter.targetId !== undefined) where.push(sql`a.target_id = ${filter.targetId}`);
  if (filter.operation !== undefined) where.push(sql`a.operation = ${filter.operation}`);
  const condition = sql.join(where, sql` and `);
  const [rows, [count]] = await Promise.all([
    queryRows<StoredRow & { actor_name: string | null; acting_as_name: string | null }>(
      db,
      sql`select a.*, ${personName('actor')} as actor_name, ${personName('acting')} as acting_as_name
            from audit_trail a
            left join users actor on actor.id = a.actor_id
            left join users acting on acting.id = a.acting_as_id
           where ${condition}
           order by a.time desc, a.seq desc
           limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number | string }>(
      db,
      sql`select count(*) as total from audit_trail a where ${condition}`,
    ),
  ]);
  return {
    rows: rows.map((row) => ({
      ...chainedOf(row),
      actorName: row.actor_name,
      actingAsName: row.acting_as_name,
    })),
    total: Number(count?.total ?? 0),
  };
}

const personName = (alias: string): SQL =>
  sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);
