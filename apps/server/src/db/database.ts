/**
 * The database types every layer names: the drizzle database over the schema, a transaction of
 * it, and either (what a repository function takes, so it runs alone or inside an action's
 * transaction). Types only, so db/ modules can name them without importing the opener.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Transaction;
