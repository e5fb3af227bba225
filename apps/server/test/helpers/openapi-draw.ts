/**
 * The operations of the committed OpenAPI document (docs/openapi.json) and values drawn from
 * their schemas to look like what the console sends, with a fixed seed: the fuzz spoils them
 * (http/fuzz.test.ts), the audit walk sends them as they are (resources/audit.test.ts).
 */
import { seededRandom } from '@paddock/domain/testing';
import { readFileSync } from 'node:fs';
import type { TestApp } from './test-app.ts';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
};
type Parameter = {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
};

const document = JSON.parse(
  readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8'),
) as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

export const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    parameters: operation.parameters ?? [],
    body: operation.requestBody?.content?.['application/json']?.schema ?? null,
  })),
);

/** Seeded draws (the domain's mulberry32), so every run draws the same cases. */
export function generator(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}
export type Random = ReturnType<typeof generator>;

export const ID_COLUMN_MAX = 2 ** 31 - 1;
/** Ids of the test farm's rows are small: most draws hit a real row. */
const GOOD_IDS = [1, 1, 2, 2, 3, 4];
/** The branches of a schema that allows several shapes, nulls left out. */
export function branches(schema: JsonSchema): JsonSchema[] {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return [schema];
  const typed = options.filter((option) => option.type !== 'null');
  return typed.length > 0 ? typed : options;
}

export function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type;
}

export const isIdSchema = (schema: JsonSchema) =>
  typeOf(schema) === 'integer' && schema.maximum === ID_COLUMN_MAX;

/** A value the schema describes, drawn to look like what the console sends. */
export function draw(schema: JsonSchema, random: Random): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  if (schema.allOf?.[0]) return draw(schema.allOf[0], random);
  const options = branches(schema);
  if (options.length > 1 || options[0] !== schema) return draw(random.pick(options), random);
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random.next() < 0.5) value[key] = draw(property, random);
      }
      return value;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => draw(item, random));
      const items = schema.items;
      if (Array.isArray(items)) return items.map((item) => draw(item, random));
      const length = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length }, () => (items ? draw(items, random) : 1));
    }
    case 'string':
      if (schema.format === 'email') return random.pick(['admin@farm.test', 'fuzz@farm.test']);
      if (schema.format === 'date-time') return '2026-11-21T08:00:00.000Z';
      if (schema.pattern === '^\\d+$') return random.pick(['1', '2', '600']);
      return random.pick(['Fuzz', 'soil.moisture', '0109', 'Pacific/Auckland', 'en-NZ']);
    case 'integer':
      return isIdSchema(schema) ? random.pick(GOOD_IDS) : random.pick([0, 1, 5, 60]);
    case 'number':
      return random.pick([0, 1.5, 20]);
    case 'boolean':
      return random.next() < 0.5;
    default:
      return null;
  }
}

/** An unspoiled call of the operation: its path and required query drawn, its body drawn. */
export function caseValues(
  operation: Operation,
  random: Random,
): { url: string; payload: string | undefined } {
  let url = operation.path;
  const query: string[] = [];
  for (const parameter of operation.parameters) {
    const value = String(draw(parameter.schema, random));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, value);
    else if (parameter.required) query.push(`${parameter.name}=${encodeURIComponent(value)}`);
  }
  return {
    url: query.length > 0 ? `${url}?${query.join('&')}` : url,
    payload: operation.body ? JSON.stringify(draw(operation.body, random)) : undefined,
  };
}

/**
 * Sends a drawn call with the bearer token: its body as the JSON text drawn (or spoiled), sent
 * as it is, so that the server parses what the draw wrote.
 */
export function injectCase(
  t: TestApp,
  token: string,
  call: { method: string; url: string; payload: string | undefined },
) {
  const { method, url, payload } = call;
  return t.app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
}
