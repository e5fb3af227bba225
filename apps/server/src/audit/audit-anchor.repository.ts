/**
 * SQL of the audit log's daily anchors and retention (issue 33 item 2, table audit_anchors,
 * migrations 0032 and 0039): the chains that have rows, a chain's last row at a day's end, keeping
 * an anchor, the anchors verify checks, and expiring a whole period's rows up to a kept anchor.
 *
 * A chain is a site's rows, or the account-level rows (sign-ins, password and token events, with
 * no site), which are chain 0 here as in the chain index: their anchors are kept as site 0.
 */
import type { AuditChainPoint } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** The chain of the account-level rows, which have no site. */
export const ACCOUNT_CHAIN = 0;

/**
 * The rows of one chain. Chain 0's are asked for as `site_id is null`, not through coalesce, so
 * the (site_id, time) index still serves the day's last row.
 */
const inChain = (chain: number, alias?: string) => {
  const column = sql.raw(alias ? `${alias}.site_id` : 'site_id');
  return chain === ACCOUNT_CHAIN ? sql`${column} is null` : sql`${column} = ${chain}`;
};

/** A chain's last row at the end of a UTC day, as its anchor file and row keep it. */
export type AuditAnchor = {
  /** The site, or ACCOUNT_CHAIN. */
  site: number;
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  seq: number;
  hash: string;
  /** When the last row was written, ISO. */
  time: string;
  /** Rows the site wrote that day. */
  rows: number;
};

export type AnchorSite = { siteId: number; firstTime: Date; lastAnchor: string | null };

/** Each chain with rows (a site's, or ACCOUNT_CHAIN): its first row's time and latest anchor's day. */
export async function anchorSites(db: Database): Promise<AnchorSite[]> {
  const rows = await queryRows<{
    site_id: number;
    first_time: Date | string;
    last_anchor: string | null;
  }>(
    db,
    sql`select c.site_id, c.first_time,
               (select to_char(max(a.date), 'YYYY-MM-DD') from audit_anchors a
                 where a.site_id = c.site_id) as last_anchor
          from (select coalesce(t.site_id, ${ACCOUNT_CHAIN}) as site_id, min(t.time) as first_time
                  from audit_trail t
                 group by 1) c
         order by c.site_id`,
  );
  return rows.map((row) => ({
    siteId: Number(row.site_id),
    firstTime: new Date(row.first_time),
    lastAnchor: row.last_anchor,
  }));
}

/** The chain's last row written before `end`, and how many of its rows were written from `start`. */
export async function lastRowOfDay(
  db: Database,
  siteId: number,
  start: Date,
  end: Date,
): Promise<{ seq: number; hash: string; time: Date; rows: number } | null> {
  const [row] = await queryRows<{
    seq: number;
    hash: string;
    time: Date | string;
    rows: number | string;
  }>(
    db,
    sql`select seq, hash, time,
               (select count(*) from audit_trail d
                 where ${inChain(siteId, 'd')} and d.time >= ${start.toISOString()}
                   and d.time < ${end.toISOString()}) as rows
          from audit_trail
         where ${inChain(siteId)} and time < ${end.toISOString()}
         order by time desc, seq desc
         limit 1`,
  );
  if (!row) return null;
  return { seq: Number(row.seq), hash: row.hash, time: new Date(row.time), rows: Number(row.rows) };
}

/** Keeps the anchor unless the day's is kept already (another worker's): true when this one was. */
export async function keepAnchor(db: Database, anchor: AuditAnchor, now: Date): Promise<boolean> {
  const rows = await queryRows<{ site_id: number }>(
    db,
    sql`insert into audit_anchors (site_id, date, seq, hash, time, rows, written_at)
        values (${anchor.site}, ${anchor.date}, ${anchor.seq}, ${anchor.hash}, ${anchor.time},
                ${anchor.rows}, ${now.toISOString()})
        on conflict (site_id, date) do nothing
        returning site_id`,
  );
  return rows.length > 0;
}

/**
 * The site's anchors for verify: `start`, the anchor retention last expired rows up to (the chain
 * now begins after it), and every anchor in seq order.
 */
export async function anchorPoints(
  db: Database,
  siteId: number,
): Promise<{ start?: AuditChainPoint; anchors: AuditChainPoint[] }> {
  const rows = await queryRows<{ seq: number; hash: string; expired: boolean }>(
    db,
    sql`select seq, hash, expired_at is not null as expired from audit_anchors
         where site_id = ${siteId} order by seq, date`,
  );
  const anchors = rows.map((row) => ({ seq: Number(row.seq), hash: row.hash }));
  const expired = rows.filter((row) => row.expired).at(-1);
  return expired
    ? { start: { seq: Number(expired.seq), hash: expired.hash }, anchors }
    : { anchors };
}

/**
 * The anchors of `date` (a month's last day) that retention may expire rows up to: not expired
 * yet, with rows of the site at or before it, and a row after it, so the chain keeps its last
 * row and the next append goes on from it.
 */
export async function expirableAnchors(db: Database, date: string): Promise<AuditAnchor[]> {
  const rows = await queryRows<{
    site_id: number;
    seq: number;
    hash: string;
    time: Date | string;
    rows: number;
  }>(
    db,
    sql`select a.site_id, a.seq, a.hash, a.time, a.rows from audit_anchors a
         where a.date = ${date} and a.expired_at is null
           and exists (select 1 from audit_trail t
                        where coalesce(t.site_id, ${ACCOUNT_CHAIN}) = a.site_id and t.seq <= a.seq)
           and exists (select 1 from audit_trail t
                        where coalesce(t.site_id, ${ACCOUNT_CHAIN}) = a.site_id and t.seq > a.seq)
         order by a.site_id`,
  );
  return rows.map((row) => ({
    site: Number(row.site_id),
    date,
    seq: Number(row.seq),
    hash: row.hash,
    time: new Date(row.time).toISOString(),
    rows: Number(row.rows),
  }));
}

/**
 * Removes the site's rows up to the anchor's seq and marks the anchor as where its chain now
 * starts, in one transaction. The append-only trigger lets these deletes through only because
 * the transaction names the site and seq (paddock.audit_expiry, gone at commit) and the seq is a
 * kept anchor's; every other delete and every update is still refused.
 */
export async function expireThrough(db: Database, anchor: AuditAnchor, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(
      sql`select set_config('paddock.audit_expiry', ${`${anchor.site}:${anchor.seq}`}, true)`,
    );
    const [deleted] = await queryRows<{ count: number | string }>(
      t,
      sql`with gone as (
            delete from audit_trail where ${inChain(anchor.site)} and seq <= ${anchor.seq}
            returning 1)
          select count(*) as count from gone`,
    );
    await t.execute(
      sql`update audit_anchors set expired_at = ${now.toISOString()}
           where site_id = ${anchor.site} and date = ${anchor.date} and expired_at is null`,
    );
    await t.execute(sql`select set_config('paddock.audit_expiry', '', true)`);
    return Number(deleted?.count ?? 0);
  });
}
