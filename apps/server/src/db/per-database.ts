/**
 * Statements on the hot path are built once per database and reused: building drizzle SQL costs
 * about as much as running a small query. Keyed weakly, so a closed test database takes its
 * statements with it.
 */
import type { Database } from './client.ts';

export function perDatabase<T>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
