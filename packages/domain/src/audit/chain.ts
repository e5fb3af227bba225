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
  /**
   * The first row whose link does not hold (the row after a deleted one), or whose hash differs
   * from the day's anchor; null when the rows an anchor vouches for are gone from the end.
   */
  id: number | null;
  seq: number;
  /**
   * `anchor`: the row's hash is not the one its day's anchor kept, so the row (or one before it)
   * was changed and the chain rehashed after it.
   */
  reason: 'edited' | 'missing' | 'relinked' | 'anchor';
};

export type AuditVerdict =
  { ok: true; rows: number } | { ok: false; rows: number; broken: AuditBreak };

/** A place in a chain: a row's seq and hash, as a daily anchor keeps them. */
export type AuditChainPoint = { seq: number; hash: string };

export type VerifyOptions = {
  /**
   * Where the rows start when the ones before were expired by retention: the kept anchor of the
   * last expired row. The first row must then be seq + 1 and chain from its hash. Absent: the
   * genesis (seq 0, AUDIT_GENESIS_HASH).
   */
  start?: AuditChainPoint;
  /** The site's daily anchors: each row at an anchor's seq must still have the anchor's hash. */
  anchors?: readonly AuditChainPoint[];
};

/**
 * Walks one chain (one site's rows, or the account-level rows) in seq order: each row must follow
 * the one before it (seq + 1, its prevHash the previous hash, the first from the start point)
 * and its hash must be the hash of what it holds. A row edited with every later hash redone
 * keeps the links whole; the anchors find it, as they find rows deleted at the end.
 */
export function verifyChain(
  rows: readonly ChainedAuditRecord[],
  hash: HashText,
  options: VerifyOptions = {},
): AuditVerdict {
  let prevHash = options.start?.hash ?? AUDIT_GENESIS_HASH;
  let prevSeq = options.start?.seq ?? 0;
  const anchored = new Map<number, string>();
  let lastAnchored = prevSeq;
  for (const anchor of options.anchors ?? []) {
    if (anchor.seq <= prevSeq) continue;
    anchored.set(anchor.seq, anchor.hash);
    lastAnchored = Math.max(lastAnchored, anchor.seq);
  }
  const broken = (id: number | null, seq: number, reason: AuditBreak['reason']): AuditVerdict => ({
    ok: false,
    rows: rows.length,
    broken: { id, seq, reason },
  });
  for (const row of rows) {
    if (row.seq !== prevSeq + 1) return broken(row.id, row.seq, 'missing');
    if (row.prevHash !== prevHash) return broken(row.id, row.seq, 'relinked');
    if (auditHash(prevHash, row, hash) !== row.hash) return broken(row.id, row.seq, 'edited');
    const kept = anchored.get(row.seq);
    if (kept !== undefined && kept !== row.hash) return broken(row.id, row.seq, 'anchor');
    prevHash = row.hash;
    prevSeq = row.seq;
  }
  if (lastAnchored > prevSeq) return broken(null, prevSeq + 1, 'missing');
  return { ok: true, rows: rows.length };
}
