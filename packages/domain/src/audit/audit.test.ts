import { describe, expect, it } from 'vitest';
import {
  AUDIT_GENESIS_HASH,
  auditHash,
  canonicalJson,
  verifyChain,
  type AuditRecord,
  type ChainedAuditRecord,
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
