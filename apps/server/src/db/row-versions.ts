/**
 * Fingerprints of sets of rows, for bodies kept written (http/response-cache.ts). Every version
 * of a PostgreSQL row carries `xmin`, the transaction that wrote it: an insert, update or delete
 * by any process changes the set of (id, xmin) pairs, with no column to maintain by hand. PGlite
 * is PostgreSQL, so the same holds embedded.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** md5 of the rows' `id:xmin` pairs in id order ('' for no rows hashes too). */
export function rowsFingerprint(table: PgTable, id: AnyColumn): SQL<string> {
  return sql<string>`md5(coalesce(string_agg(${id}::text || ':' || ${table}.xmin::text, ',' order by ${id}), ''))`;
}
