/** aedes-persistence-level ships no types: it turns a `level` database into aedes persistence. */
declare module 'aedes-persistence-level' {
  import type { Level } from 'level';
  export default function aedesPersistenceLevel(db: Level<string, unknown>): unknown;
}
