/**
 * Written bodies of the big lists every open console polls (GET sites: 500 sites are 240 KiB;
 * GET areas/{id}/radios: 200 radios are 70 KiB). Reading those rows, presenting and writing them
 * costs 5–15 ms a call, and a console polls each list once a minute per tab. A body is kept
 * beside a fingerprint of the rows it was written from, and a call reads only the fingerprint (one
 * small statement) and sends the kept bytes while it is unchanged.
 *
 * The database makes the fingerprints, so every insert, update and delete by any process changes
 * them and a kept body is never older than the rows, whichever server wrote them: a counter that
 * triggers bump (data_versions) or each row's id and `xmin` (db/row-versions.ts). Fingerprints
 * never leave the server; the ETag is a hash of the body itself, so a 304 means the bytes are
 * identical.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RecentMap } from '../recent-map.ts';

type Encoding = 'br' | 'gzip';

/** Smaller bodies go as they are: this is also the compression plugin's threshold (app.ts). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type CachedBody = {
  fingerprint: string;
  body: Buffer;
  etag: string;
  /** The body compressed for each encoding a caller asked for, made once, off the event loop. */
  encoded: Map<Encoding, Promise<Buffer>>;
};

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 4, as @fastify/compress uses for every other response: most of the gain, quickly.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body),
};

export type ResponseCache = {
  /**
   * The body kept under `key` when it was written from rows with this fingerprint; otherwise
   * `write()` makes it (concurrent calls with the same key and fingerprint share one write). A
   * null fingerprint (the rows' cannot be known cheaply) writes the body and keeps nothing.
   */
  body(
    key: string,
    fingerprint: string | null,
    write: () => Promise<string | Buffer | ArrayBuffer>,
  ): Promise<CachedBody>;
};

/** Least recently used bodies go first once more than `maxEntries` are kept. */
export function createResponseCache(options: { maxEntries: number }): ResponseCache {
  const entries = new RecentMap<string, CachedBody>(options.maxEntries);
  const writing = new Map<string, Promise<CachedBody>>();

  const made = (fingerprint: string, written: string | Buffer | ArrayBuffer): CachedBody => {
    const body =
      typeof written === 'string'
        ? Buffer.from(written)
        : Buffer.isBuffer(written)
          ? written
          : Buffer.from(written);
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    return { fingerprint, body, etag, encoded: new Map() };
  };

  return {
    async body(key, fingerprint, write) {
      if (fingerprint === null) return made('', await write());
      const kept = entries.get(key);
      if (kept?.fingerprint === fingerprint) return kept;
      const writeKey = `${key}\n${fingerprint}`;
      const pending = writing.get(writeKey);
      if (pending) return pending;
      const writes = write()
        .then((written) => {
          const entry = made(fingerprint, written);
          entries.set(key, entry);
          return entry;
        })
        .finally(() => writing.delete(writeKey));
      writing.set(writeKey, writes);
      return writes;
    },
  };
}

/** The encoding to send, br before gzip, among those the Accept-Encoding header allows. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const allowed = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((text) => text.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    allowed.add(name === 'x-gzip' ? 'gzip' : name);
  }
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip') || allowed.has('*')) return 'gzip';
  return null;
}

/**
 * Sends a kept JSON body, or 304 when the caller already holds these bytes (If-None-Match), in
 * the best encoding the caller accepts. The browser revalidates on its own, so a console polling
 * an unchanged list downloads nothing.
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
): Promise<FastifyReply> {
  reply
    .header('etag', cached.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding');
  const held = request.headers['if-none-match'];
  if (held !== undefined && held.split(/\s*,\s*/).includes(cached.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null || cached.body.length < COMPRESS_THRESHOLD_BYTES) {
    return reply.send(cached.body);
  }
  let encoded = cached.encoded.get(encoding);
  if (!encoded) {
    encoded = compressors[encoding](cached.body).catch((error: unknown) => {
      cached.encoded.delete(encoding);
      throw error;
    });
    cached.encoded.set(encoding, encoded);
  }
  // A header already set tells the compression plugin the body is compressed.
  return reply.header('content-encoding', encoding).send(await encoded);
}
