/**
 * The names an audit row's words need, read when the row is written (issue 33 item 3): the people
 * and the object as they were named then. A name changed later does not rewrite the record.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** Each object kind's name in SQL, over its table; kinds not listed are told without a name. */
const OBJECT_NAMES: Record<string, { table: string; name: SQL }> = {
  site: { table: 'sites', name: sql`label` },
  area: { table: 'areas', name: sql`label` },
  section: { table: 'sections', name: sql`label` },
  sensor: { table: 'sensors', name: sql`label` },
  control: { table: 'controls', name: sql`label` },
  program: { table: 'programs', name: sql`name` },
  alarm: { table: 'alarms', name: sql`label` },
  contact: { table: 'contacts', name: sql`name` },
  radio: { table: 'radios', name: sql`'radio ' || serialno` },
  unit: { table: 'units', name: sql`'unit ' || serialno` },
};

/** The object's name now; null for a kind without one, or an object gone. */
export async function objectName(db: Database, kind: string, id: number): Promise<string | null> {
  const names = OBJECT_NAMES[kind];
  if (!names) return null;
  const [row] = await queryRows<{ name: string | null }>(
    db,
    sql`select ${names.name} as name from ${sql.identifier(names.table)} where id = ${id}`,
  );
  return row?.name ?? null;
}

/** People's names by id, as the console shows them ("First Last"). */
export async function personNames(
  db: Database,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string | null }>(
    db,
    sql`select id, nullif(trim(first_name || ' ' || last_name), '') as name from users
         where id in (${sql.join(
           wanted.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.name ?? `User ${row.id}`]));
}
