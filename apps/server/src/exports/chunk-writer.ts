/**
 * Writes an export's file into report_export_chunks as it is made, in pieces of about a megabyte:
 * what is held in memory is one piece, whatever the file's size.
 */
import type { Queryable } from '../db/database.ts';
import { insertExportChunk } from './export.repository.ts';

const CHUNK_BYTES = 1 << 20;

export type FileSink = {
  write(data: Buffer | string): Promise<void>;
  /** Writes what is left; the file's size in bytes. */
  close(): Promise<number>;
};

export function chunkWriter(db: Queryable, requestId: number, chunkBytes = CHUNK_BYTES): FileSink {
  // One buffer for every piece: text is encoded straight into it, and it is written out and
  // refilled (each write awaits the insert before the next), so a file of any size leaves no
  // piece-sized garbage behind.
  const chunk = Buffer.allocUnsafe(chunkBytes);
  let held = 0;
  let size = 0;
  let seq = 0;
  const flush = async () => {
    if (held === 0) return;
    await insertExportChunk(db, { requestId, seq: seq++, bytes: chunk.subarray(0, held) });
    held = 0;
  };
  return {
    async write(data) {
      if (typeof data === 'string') {
        const length = Buffer.byteLength(data, 'utf8');
        if (held + length <= chunkBytes) {
          chunk.write(data, held, 'utf8');
          held += length;
          size += length;
          if (held === chunkBytes) await flush();
          return;
        }
      }
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      for (let at = 0; at < bytes.length;) {
        const take = Math.min(chunkBytes - held, bytes.length - at);
        bytes.copy(chunk, held, at, at + take);
        held += take;
        size += take;
        at += take;
        if (held >= chunkBytes) await flush();
      }
    },
    async close() {
      await flush();
      return size;
    },
  };
}

/** The file in memory: for a scheduled report's attachment. */
export function memorySink(): FileSink & { bytes(): Buffer } {
  const parts: Buffer[] = [];
  return {
    async write(data) {
      parts.push(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    },
    async close() {
      return parts.reduce((sum, part) => sum + part.length, 0);
    },
    bytes: () => Buffer.concat(parts),
  };
}
