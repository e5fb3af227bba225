import { describe, expect, it } from 'vitest';
import {
  AUDIT_GENESIS_HASH,
  auditHash,
  canonicalJson,
  verifyChain,
  type AuditRecord,
  type ChainedAuditRecord,
  type VerifyOptions,
} from './chain.ts';
import { REDACTED, redactSecrets } from './redact.ts';

/** A stand-in for SHA-256 (the domain has no node:crypto): FNV-1a, enough to tell texts apart. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

describe('canonicalJson', () => {
  it.each([
    [
      'keys in code-point order',
      { b: 1, a: { d: [1, 2], c: null } },
      '{"a":{"c":null,"d":[1,2]},"b":1}',
    ],
    [
      'dates as ISO text',
      { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) },
      '{"at":"2026-01-02T03:04:05.000Z"}',
    ],
    ['undefined members left out', { a: undefined, b: 'x' }, '{"b":"x"}'],
    ['undefined in arrays as null', [undefined, 1], '[null,1]'],
    ['text escaped as JSON', { 'ü"': 'a\nb' }, '{"ü\\"":"a\\nb"}'],
    ['a bare value', 1.5, '1.5'],
    ['upper case before lower case', { a: 1, B: 2 }, '{"B":2,"a":1}'],
  ])('%s', (_, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('gives the same text whatever the order keys were built in', () => {
    expect(canonicalJson({ x: 1, y: { p: 1, q: 2 } })).toBe(
      canonicalJson({ y: { q: 2, p: 1 }, x: 1 }),
    );
  });
});

describe('redactSecrets', () => {
  it.each([
    ['password', { password: 'hunter2', label: 'Fan 3' }, { password: REDACTED, label: 'Fan 3' }],
    ['nested token', { a: { refreshToken: 't' } }, { a: { refreshToken: REDACTED } }],
    ['secret in arrays', [{ clientSecret: 's' }], [{ clientSecret: REDACTED }]],
    ['api key', { apiKey: 'k', KEY: 'k' }, { apiKey: REDACTED, KEY: REDACTED }],
    ['credentials object', { credentials: { user: 'u' } }, { credentials: REDACTED }],
    ['nothing secret', { start: 1.5, on: true, at: null }, { start: 1.5, on: true, at: null }],
    ['a bare value', 'x', 'x'],
  ])('%s', (_, value, expected) => {
    expect(redactSecrets(value)).toEqual(expected);
  });
});

function chain(count: number): ChainedAuditRecord[] {
  const rows: ChainedAuditRecord[] = [];
  let prevHash = AUDIT_GENESIS_HASH;
  for (let seq = 1; seq <= count; seq += 1) {
    const record: AuditRecord = {
      seq,
      time: new Date(Date.UTC(2026, 5, 1, 0, seq)),
      siteId: 4,
      actorId: 2,
      actingAsId: null,
      address: '10.0.0.1',
      areaId: 7,
      kind: 'section',
      targetId: 30 + seq,
      operation: 'PUT /sections/:id/flow',
      before: null,
      after: { limits: { high: seq } },
      text: 'Set a zone’s flow limits',
    };
    const hash = auditHash(prevHash, record, fnv1a);
    rows.push({ ...record, id: 100 + seq, prevHash, hash });
    prevHash = hash;
  }
  return rows;
}

describe('verifyChain', () => {
  it('holds for rows as written, and for no rows', () => {
    expect(verifyChain(chain(5), fnv1a)).toEqual({ ok: true, rows: 5 });
    expect(verifyChain([], fnv1a)).toEqual({ ok: true, rows: 0 });
  });

  it('chains the first row from the genesis value', () => {
    const [first] = chain(1);
    expect(first?.prevHash).toBe(AUDIT_GENESIS_HASH);
  });

  const edits: [string, (rows: ChainedAuditRecord[]) => ChainedAuditRecord[], object][] = [
    [
      'an edited field',
      (rows) =>
        rows.map((row) => (row.seq === 3 ? { ...row, after: { limits: { high: 99 } } } : row)),
      { id: 103, seq: 3, reason: 'edited' },
    ],
    [
      'an edited time',
      (rows) => rows.map((row) => (row.seq === 2 ? { ...row, time: new Date(0) } : row)),
      { id: 102, seq: 2, reason: 'edited' },
    ],
    [
      'a deleted row',
      (rows) => rows.filter((row) => row.seq !== 3),
      { id: 104, seq: 4, reason: 'missing' },
    ],
    ['the first row deleted', (rows) => rows.slice(1), { id: 102, seq: 2, reason: 'missing' }],
    [
      'a deleted row with the seqs renumbered',
      (rows) =>
        rows
          .filter((row) => row.seq !== 3)
          .map((row) => (row.seq > 3 ? { ...row, seq: row.seq - 1 } : row)),
      { id: 104, seq: 3, reason: 'relinked' },
    ],
  ];
  it.each(edits)('finds %s', (_, tamper, broken) => {
    expect(verifyChain(tamper(chain(5)), fnv1a)).toMatchObject({ ok: false, broken });
  });
});

/** Every row from `from` on hashed again after an edit, links and all: what only anchors catch. */
function rehashedFrom(rows: ChainedAuditRecord[], from: number): ChainedAuditRecord[] {
  let prevHash = AUDIT_GENESIS_HASH;
  return rows.map((row) => {
    if (row.seq < from) {
      prevHash = row.hash;
      return row;
    }
    const hash = auditHash(prevHash, row, fnv1a);
    const redone = { ...row, prevHash, hash };
    prevHash = hash;
    return redone;
  });
}

const anchorOf = (row: ChainedAuditRecord | undefined) => {
  if (!row) throw new Error('no such row');
  return { seq: row.seq, hash: row.hash };
};

describe('verifyChain with anchors', () => {
  const rows = chain(6);
  const anchors = [anchorOf(rows[1]), anchorOf(rows[3])];

  it('holds for rows as written, their anchors matching', () => {
    expect(verifyChain(rows, fnv1a, { anchors })).toEqual({ ok: true, rows: 6 });
  });

  const tampered: [string, ChainedAuditRecord[], object][] = [
    [
      'a row edited and every hash after it redone (seq 3, anchored at 4)',
      rehashedFrom(
        rows.map((row) => (row.seq === 3 ? { ...row, text: 'Nothing happened' } : row)),
        3,
      ),
      { id: 104, seq: 4, reason: 'anchor' },
    ],
    [
      'an anchored row edited and rehashed',
      rehashedFrom(
        rows.map((row) => (row.seq === 2 ? { ...row, after: null } : row)),
        2,
      ),
      { id: 102, seq: 2, reason: 'anchor' },
    ],
    [
      'the anchored rows deleted from the end',
      rows.slice(0, 3),
      { id: null, seq: 4, reason: 'missing' },
    ],
    ['every row deleted', [], { id: null, seq: 1, reason: 'missing' }],
  ];
  it.each(tampered)('finds %s', (_, changed, broken) => {
    expect(verifyChain(changed, fnv1a)).toMatchObject({ ok: true });
    expect(verifyChain(changed, fnv1a, { anchors })).toEqual({
      ok: false,
      rows: changed.length,
      broken,
    });
  });

  it('does not hold an edit after the last anchor against it', () => {
    const edited = rehashedFrom(
      rows.map((row) => (row.seq === 6 ? { ...row, text: 'Later' } : row)),
      6,
    );
    expect(verifyChain(edited, fnv1a, { anchors })).toEqual({ ok: true, rows: 6 });
  });
});

describe('verifyChain from a kept anchor, after retention', () => {
  const rows = chain(6);
  const start = anchorOf(rows[2]);
  const kept = rows.slice(3);

  it('holds for the rows after the anchor, counting only them', () => {
    expect(verifyChain(kept, fnv1a, { start })).toEqual({ ok: true, rows: 3 });
    expect(verifyChain(kept, fnv1a, { start, anchors: [start, anchorOf(rows[4])] })).toEqual({
      ok: true,
      rows: 3,
    });
  });

  const cases: [string, ChainedAuditRecord[], VerifyOptions, object][] = [
    [
      'without the start point, the expired rows as missing',
      kept,
      {},
      { id: 104, seq: 4, reason: 'missing' },
    ],
    [
      'a row deleted after the anchor',
      rows.slice(4),
      { start },
      { id: 105, seq: 5, reason: 'missing' },
    ],
    [
      'a first row that does not chain from the anchor',
      kept,
      { start: { seq: 3, hash: 'f'.repeat(8) } },
      { id: 104, seq: 4, reason: 'relinked' },
    ],
    [
      'anchors before the start point ignored, later ones checked',
      rehashedFrom(
        rows.map((row) => (row.seq === 4 ? { ...row, text: 'x' } : row)),
        4,
      ).slice(3),
      { start, anchors: [anchorOf(rows[0]), start, anchorOf(rows[5])] },
      { id: 106, seq: 6, reason: 'anchor' },
    ],
    [
      'every row after the start point deleted, an anchor vouching for them',
      [],
      { start, anchors: [anchorOf(rows[4])] },
      { id: null, seq: 4, reason: 'missing' },
    ],
  ];
  it.each(cases)('finds %s', (_, changed, options, broken) => {
    expect(verifyChain(changed, fnv1a, options)).toMatchObject({ ok: false, broken });
  });

  it('holds for no rows after the start point and no later anchor', () => {
    expect(verifyChain([], fnv1a, { start, anchors: [start] })).toEqual({ ok: true, rows: 0 });
  });
});
