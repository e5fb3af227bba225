/**
 * The export file's chunks (exports/chunk-writer.ts): text and bytes, written in any sizes, come
 * back whole and in order from pieces of at most the chunk size, although one buffer is reused
 * for every piece (each piece is stored before the buffer is refilled).
 */
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.ts';
import { chunkWriter } from './chunk-writer.ts';

/** A database that keeps a copy of each chunk as it is inserted, as the driver sends it. */
function recordingDb() {
  const chunks: { requestId: number; seq: number; bytes: Buffer }[] = [];
  const db = {
    insert: () => ({
      values: async (row: { requestId: number; seq: number; bytes: Buffer }) => {
        chunks.push({ ...row, bytes: Buffer.from(row.bytes) });
      },
    }),
  } as unknown as Queryable;
  return { db, chunks };
}

describe('chunkWriter', () => {
  it('stores text and bytes of any size in order, in pieces of at most the chunk size', async () => {
    const { db, chunks } = recordingDb();
    const sink = chunkWriter(db, 42, 8);
    const parts: (string | Buffer)[] = [
      'abc',
      'Grüße, µS/cm ',
      Buffer.from(Array.from({ length: 20 }, (_, index) => index)),
      '',
      '12345678',
      'x',
    ];
    for (const part of parts) await sink.write(part);
    const expected = Buffer.concat(
      parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part)),
    );
    expect(await sink.close()).toBe(expected.length);
    expect(chunks.map((chunk) => chunk.seq)).toEqual(chunks.map((_, index) => index));
    expect(chunks.every((chunk) => chunk.requestId === 42 && chunk.bytes.length <= 8)).toBe(true);
    expect(chunks.slice(0, -1).every((chunk) => chunk.bytes.length === 8)).toBe(true);
    expect(Buffer.concat(chunks.map((chunk) => chunk.bytes))).toEqual(expected);
  });

  it('stores nothing for an empty file', async () => {
    const { db, chunks } = recordingDb();
    expect(await chunkWriter(db, 1, 8).close()).toBe(0);
    expect(chunks).toEqual([]);
  });
});
