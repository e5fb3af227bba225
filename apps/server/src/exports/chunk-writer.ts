/**
 * Writes an export's file into report_export_chunks as it is made, in pieces of about a megabyte:
 * what is held in memory is one piece, whatever the file's size.
 */
import type { Queryable } from '../db/database.ts';
import { writeExportChunk } from './export.repository.ts';

export const CHUNK_BYTES = 1 << 20;

export type FileSink = {
  write(data: Buffer | string): Promise<void>;
  /** Writes what is left; the file's size in bytes. */
  close(): Promise<number>;
};

export function chunkWriter(db: Queryable, requestId: number, chunkBytes = CHUNK_BYTES): FileSink {
  let parts: Buffer[] = [];
  let held = 0;
  let size = 0;
  let seq = 0;
  const flush = async () => {
    if (held === 0) return;
    const bytes = Buffer.concat(parts, held);
    parts = [];
    held = 0;
    await writeExportChunk(db, requestId, seq++, bytes);
  };
  return {
    async write(data) {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      for (let at = 0; at < bytes.length;) {
        const take = Math.min(chunkBytes - held, bytes.length - at);
        parts.push(bytes.subarray(at, at + take));
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
