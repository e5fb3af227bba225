/**
 * A generated fuzz over every operation of the committed OpenAPI document (docs/openapi.json):
 * for each, a fixed number of cases drawn with a fixed seed, sent as the farm's admin. A case is
 * the operation's parameters and body as the document describes them, then spoiled in one
 * place: an id at or beyond the id column's range, a NUL, a lone surrogate, a string far over
 * its maximum, JSON nested deeper than the body limit, a value of the wrong type, an extra key.
 * Every answer must be below 500, and every refused call (4xx) must leave the database as it
 * found it: a trigger on every table notes each row written, read and cleared after each case.
 * (A digest of every table around each case did the same at four times the cost of the whole
 * fuzz besides.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import {
  branches,
  draw,
  generator,
  ID_COLUMN_MAX,
  injectCase,
  isIdSchema,
  operations,
  typeOf,
  type JsonSchema,
  type Operation,
  type Random,
} from '../helpers/openapi-draw.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** The seed of every draw: a failure is reproduced by running the file again. */
const SEED = 20_261_125;
/** Cases drawn per operation; the first is the unspoiled draw. */
const CASES_PER_OPERATION = 64;
/**
 * Tables a refused call writes to on purpose: a failed sign-in is counted against the account
 * and the address (the throttle of §7 user/login).
 */
const BOOKKEEPING_TABLES = new Set(['login_failures']);
/** Rows a refused call writes on purpose, not noted: a failed sign-in's audit row. */
const BOOKKEEPING_ROWS: Record<string, string> = {
  audit_trail: `NOT (NEW.operation = 'POST /user/login' AND NEW.text LIKE 'Refused%')`,
};
/**
 * Tables where a refused call may write a row and take it back: a call's audit row is staged in
 * its transaction and taken back when the call fails (http/audit-staging.ts). Changed only when
 * their rows written and taken back do not cancel out.
 */
const TAKEN_BACK_TABLES = new Set(['audit_pending']);

const BAD_IDS: unknown[] = [0, -1, ID_COLUMN_MAX, ID_COLUMN_MAX + 1, 2 ** 53 + 1, 1.5, 1e308];
const BAD_PATH_VALUES = [
  '0',
  '-1',
  String(ID_COLUMN_MAX),
  String(ID_COLUMN_MAX + 1),
  '1.5',
  '1e3',
  'abc',
  '%00',
  '%ED%A0%80',
  '9'.repeat(40),
];
/** Spoiled text of a query value: NUL, a lone surrogate's UTF-8, no text, too much text. */
const BAD_QUERY_TEXT = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '',
  'x'.repeat(20_000),
  '0001-01-01T00:00:00Z',
];
/**
 * Arrays nested `depth` deep. Written into the JSON text only when the case is serialized:
 * JSON.stringify itself recurses per level and would overflow on the deepest.
 */
class Nested {
  constructor(readonly depth: number) {}
}
const NESTED = (depth: number) => new Nested(depth);

function serialize(body: unknown): string {
  const text = JSON.stringify(body, (_key, value: unknown) =>
    value instanceof Nested ? `\u0001nested:${value.depth}\u0001` : value,
  );
  return text.replace(/"\\u0001nested:(\d+)\\u0001"/g, (_match, depth: string) =>
    '['.repeat(Number(depth)).concat(']'.repeat(Number(depth))),
  );
}

type Spot = {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
  schema: JsonSchema;
};

/** Every place in a drawn value, with the schema that describes it. */
function spots(value: unknown, schema: JsonSchema, found: Spot[] = []): Spot[] {
  const resolved = branches(schema)[0] ?? schema;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const itemSchema = Array.isArray(resolved.items)
        ? resolved.items[index]
        : (resolved.prefixItems?.[index] ?? resolved.items);
      const described = itemSchema ?? {};
      found.push({ parent: value, key: index, schema: described });
      spots(item, described, found);
    });
  } else if (value !== null && typeof value === 'object' && !(value instanceof Nested)) {
    for (const [key, item] of Object.entries(value)) {
      const described = resolved.properties?.[key] ?? {};
      found.push({ parent: value as Record<string, unknown>, key, schema: described });
      spots(item, described, found);
    }
  }
  return found;
}

/** A value that breaks the schema at a spot, of the kinds the probe found. */
function spoiled(schema: JsonSchema, random: Random): unknown {
  const type = typeOf(branches(schema)[0] ?? schema);
  const wrongType = random.pick<unknown>([null, {}, [], 'x', 7, true]);
  if (type === 'integer' || type === 'number') {
    return random.pick([...BAD_IDS, -1e308, wrongType]);
  }
  if (type === 'string') {
    const tooLong = (schema.maxLength ?? 1000) + 1;
    return random.pick<unknown>([
      'a\u0000@farm.test',
      'Zone \ud800',
      '\udc00',
      'x'.repeat(tooLong),
      'x'.repeat(300_000),
      wrongType,
    ]);
  }
  return random.pick([NESTED(40), wrongType, 'x'.repeat(300_000)]);
}

/** The body of one case: the draw, then (except the first case) one spot spoiled. */
function caseBody(schema: JsonSchema, random: Random, spoil: boolean): unknown {
  const body = draw(schema, random);
  if (!spoil) return body;
  const roll = random.next();
  if (roll < 0.05) return NESTED(random.pick([33, 1000, 200_000]));
  if (roll < 0.1) return random.pick<unknown>([null, [], 'text', 42]);
  const places = spots(body, schema);
  if (roll < 0.2 || places.length === 0) {
    const objects = [body, ...places.map((place) => place.parent[place.key as never])].filter(
      (item): item is Record<string, unknown> =>
        item !== null &&
        typeof item === 'object' &&
        !Array.isArray(item) &&
        !(item instanceof Nested),
    );
    const target = objects.length > 0 ? random.pick(objects) : null;
    if (target) target[random.pick(['__fuzz', 'extra', 'constructor'])] = 'a\u0000';
    return body;
  }
  const place = random.pick(places);
  (place.parent as Record<string | number, unknown>)[place.key] = spoiled(place.schema, random);
  return body;
}

function caseUrl(operation: Operation, random: Random, spoil: boolean): string {
  // Spoil the path or the query on some cases; the body on the others.
  const spoilParameters = spoil && random.next() < 0.4;
  let url = operation.path;
  const query: string[] = [];
  for (const parameter of operation.parameters) {
    const bad = spoilParameters && random.next() < 0.6;
    if (parameter.in === 'path') {
      const value = bad ? random.pick(BAD_PATH_VALUES) : String(draw(parameter.schema, random));
      url = url.replace(`{${parameter.name}}`, value);
    } else if (parameter.in === 'query' && (parameter.required || random.next() < 0.4 || bad)) {
      const numeric = isIdSchema(parameter.schema) || parameter.schema.pattern === '^\\d+$';
      const value = bad
        ? random.pick(numeric ? BAD_PATH_VALUES : BAD_QUERY_TEXT)
        : encodeURIComponent(String(draw(parameter.schema, random)));
      query.push(`${parameter.name}=${value}`);
    }
  }
  return query.length > 0 ? `${url}?${query.join('&')}` : url;
}

let t: TestApp;

/**
 * The tables written since the last call, and clears the note: inserts and deletes of a
 * TAKEN_BACK_TABLES table count against each other, any other write counts.
 */
async function writtenTables(): Promise<string[]> {
  const rows = await queryRows<{ name: string; net: number | string; updated: boolean }>(
    t.db,
    sql`WITH noted AS (DELETE FROM fuzz_writes RETURNING name, delta)
        SELECT name, sum(delta) AS net, bool_or(delta = 0) AS updated FROM noted GROUP BY name`,
  );
  return rows
    .filter((row) => !TAKEN_BACK_TABLES.has(row.name) || Number(row.net) !== 0 || row.updated)
    .map((row) => row.name);
}

beforeAll(async () => {
  t = await buildTestApp();
  // A partition (readings' months) is left out: the trigger on its table reaches it, and notes
  // the partition's own name.
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY c.relname`,
  );
  // Each row written notes its table: +1 inserted, -1 deleted, 0 updated. In the writing
  // transaction, so a write rolled back leaves no note.
  await t.db.execute(sql`CREATE TABLE fuzz_writes (name text NOT NULL, delta int NOT NULL)`);
  await t.db.execute(
    sql.raw(`CREATE FUNCTION fuzz_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO fuzz_writes VALUES
          (TG_TABLE_NAME, CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END);
        RETURN NULL;
      END $$`),
  );
  for (const { name } of tables.filter((table) => !BOOKKEEPING_TABLES.has(table.name))) {
    const note = `FOR EACH ROW EXECUTE FUNCTION fuzz_note_write()`;
    const on = `ON public."${name}"`;
    const statements =
      name in BOOKKEEPING_ROWS
        ? [
            `CREATE TRIGGER fuzz_inserted AFTER INSERT ${on} FOR EACH ROW WHEN (${BOOKKEEPING_ROWS[name]}) EXECUTE FUNCTION fuzz_note_write()`,
            `CREATE TRIGGER fuzz_changed AFTER UPDATE OR DELETE ${on} ${note}`,
          ]
        : [`CREATE TRIGGER fuzz_written AFTER INSERT OR UPDATE OR DELETE ${on} ${note}`];
    for (const statement of statements) await t.db.execute(sql.raw(statement));
  }
});
afterAll(() => t.close());

describe('fuzz over every operation of docs/openapi.json', () => {
  it('finds operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('notes the tables a call writes, and nothing rolled back or taken back', async () => {
    await writtenTables();
    const label = sql`(SELECT label FROM sites ORDER BY id LIMIT 1)`;
    await t.db.execute(
      sql`UPDATE sites SET label = ${label} WHERE id = (SELECT min(id) FROM sites)`,
    );
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE areas SET label = label`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.db.execute(
      sql`INSERT INTO audit_pending (site_id, staged_at, entry) VALUES (NULL, now(), '{}')`,
    );
    await t.db.execute(sql`DELETE FROM audit_pending`);
    const written = await writtenTables();
    // The site's row, and the data version its change bumps (db/table-versions.ts).
    expect(written.sort()).toEqual(['data_versions', 'sites']);
  });

  // One test per operation, each drawn from a seed of its own: a slow machine lengthens the
  // file, never one test past its timeout, and a failure names its operation and is
  // reproduced alone with -t.
  operations.forEach((operation, operationIndex) => {
    it(`${operation.method} ${operation.path}: ${CASES_PER_OPERATION} cases, no 500 and no write when refused`, async () => {
      const random = generator(SEED + operationIndex);
      const errors: string[] = [];
      const partialWrites: string[] = [];
      // A token of its own per operation: a case may sign the session out or end it.
      const token = await t.tokenFor(t.farm.users.admin.id);
      await writtenTables();
      for (let index = 0; index < CASES_PER_OPERATION; index++) {
        const spoil = index > 0;
        const url = caseUrl(operation, random, spoil);
        const body = operation.body ? caseBody(operation.body, random, spoil) : undefined;
        const payload = body === undefined ? undefined : serialize(body);
        const response = await injectCase(t, token, { method: operation.method, url, payload });
        const what = `${operation.method} ${url.slice(0, 120)} ${(payload ?? '').slice(0, 160)}`;
        if (response.statusCode >= 500) {
          errors.push(`${response.statusCode} ← ${what}`);
        }
        // What the request left for after its answer (a reset link's email) belongs to it.
        await t.app.ctx.afterAnswer.settled();
        const written = await writtenTables();
        if (response.statusCode >= 400 && response.statusCode < 500 && written.length > 0) {
          partialWrites.push(`${response.statusCode} wrote ${written.join(', ')} ← ${what}`);
        }
      }
      expect(errors).toEqual([]);
      expect(partialWrites).toEqual([]);
    }, 120_000);
  });
});
