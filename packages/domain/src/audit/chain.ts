/**
 * Tamper evidence of the audit log (issue 33 item 2): each site's rows form a chain, each row's
 * hash taken over the previous row's hash and the row's canonical serialisation, so a row edited
 * or deleted after it was written breaks the link to the row after it. The hash function is
 * passed in (the server gives SHA-256 from node:crypto): the domain does no I/O.
 */

/** Hex SHA-256 of UTF-8 text. */
export type HashText = (text: string) => string;

/** What the first row of a site's chain (and the account-level chain) chains from. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** What a row's hash covers: the row as stored, people and objects by id (names can change). */
export type AuditRecord = {
  /** 1 for a site's first row; a gap shows a deleted row even where the hashes were redone. */
  seq: number;
  time: Date;
  siteId: number | null;
  actorId: number | null;
  actingAsId: number | null;
  address: string | null;
  areaId: number | null;
  kind: string | null;
  targetId: number | null;
  operation: string;
  before: unknown;
  after: unknown;
  text: string;
};

export type ChainedAuditRecord = AuditRecord & { id: number; prevHash: string; hash: string };

/**
 * JSON with keys in code-point order, no whitespace, dates as ISO text and undefined members left
 * out: the same value always gives the same text, whichever order the database gave its keys in.
 */
export function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The hash of a row whose predecessor's hash is `prevHash`. */
export function auditHash(prevHash: string, record: AuditRecord, hash: HashText): string {
  const { seq, time, siteId, actorId, actingAsId, address, areaId, kind, targetId } = record;
  const { operation, before, after, text } = record;
  return hash(
    prevHash +
      canonicalJson({
        seq,
        time,
        siteId,
        actorId,
        actingAsId,
        address,
        areaId,
        kind,
        targetId,
        operation,
        before,
        after,
        text,
      }),
  );
}

export type AuditBreak = {
  /** The first row whose link does not hold (the row after a deleted one). */
  id: number;
  seq: number;
  reason: 'edited' | 'missing' | 'relinked';
};

export type AuditVerdict =
  { ok: true; rows: number } | { ok: false; rows: number; broken: AuditBreak };

/**
 * Walks one chain (one site's rows, or the account-level rows) in seq order: each row must follow
 * the one before it (seq + 1, its prevHash the previous hash, the first from the genesis value)
 * and its hash must be the hash of what it holds. Rows deleted at the end leave no break here;
 * the daily anchor of each site's last hash is what finds those.
 */
export function verifyChain(rows: readonly ChainedAuditRecord[], hash: HashText): AuditVerdict {
  let prevHash = AUDIT_GENESIS_HASH;
  let prevSeq = 0;
  for (const row of rows) {
    const broken = (reason: AuditBreak['reason']): AuditVerdict => ({
      ok: false,
      rows: rows.length,
      broken: { id: row.id, seq: row.seq, reason },
    });
    if (row.seq !== prevSeq + 1) return broken('missing');
    if (row.prevHash !== prevHash) return broken('relinked');
    if (auditHash(prevHash, row, hash) !== row.hash) return broken('edited');
    prevHash = row.hash;
    prevSeq = row.seq;
  }
  return { ok: true, rows: rows.length };
}
