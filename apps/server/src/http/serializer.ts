/**
 * How responses are written. Outside production every response is checked against its zod
 * schema (fastify-type-provider-zod), so a presenter that drifts from the spec's shapes fails
 * the tests loudly. In production the same schemas, as JSON Schema, drive fast-json-stringify:
 * it writes only the schema's properties (nothing a presenter adds by mistake leaves the
 * server) and is about ten times faster than validating, which matters on the lists every
 * console polls (500 sites: 15 ms with zod, 1.7 ms without).
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function responseSerializerCompiler(
  validate: boolean,
): FastifySerializerCompiler<z.ZodType> {
  if (validate) return serializerCompiler as FastifySerializerCompiler<z.ZodType>;
  return (route) => {
    // Draft 7: fast-json-stringify picks union branches with an Ajv that reads tuples as draft 7.
    const jsonSchema = z.toJSONSchema(route.schema, {
      io: 'output',
      unrepresentable: 'any',
      target: 'draft-7',
    });
    const stringify = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
    const branches = discriminatedBranches(jsonSchema as JsonSchema);
    if (!branches) return (data) => stringify(data);
    return (data) => {
      const value: unknown = (data as Record<string, unknown> | null)?.[branches.key];
      return (branches.byValue.get(value) ?? stringify)(data);
    };
  };
}

type JsonSchema = {
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  const?: unknown;
  [keyword: string]: unknown;
};

/**
 * One writer per branch of a union told apart by a property of constant value (a zod
 * discriminatedUnion, such as a chart series' option). fast-json-stringify picks a union's branch
 * by validating the whole answer against each branch with Ajv, which for a 3-year chart (2,000
 * points, each date matched against its pattern) cost more than writing it; the discriminator
 * names the branch at once. Null when the schema is no such union: it is written as before.
 */
function discriminatedBranches(
  schema: JsonSchema,
): { key: string; byValue: Map<unknown, (data: unknown) => string> } | null {
  const options = schema.oneOf ?? schema.anyOf;
  // A reference to the root would name the branch instead of the union.
  if (!options || options.length < 2 || JSON.stringify(schema).includes('"$ref":"#"')) return null;
  const shared = { ...schema };
  delete shared.oneOf;
  delete shared.anyOf;
  const first = options[0]?.properties ?? {};
  const key = Object.keys(first).find((name) =>
    options.every((option) => {
      const property = option.properties?.[name];
      return (
        option.type === 'object' &&
        property?.const !== undefined &&
        (option.required ?? []).includes(name)
      );
    }),
  );
  if (key === undefined) return null;
  const byValue = new Map<unknown, (data: unknown) => string>();
  for (const option of options) {
    const value = option.properties?.[key]?.const;
    // Two branches with one value: only validation could tell them apart.
    if (byValue.has(value)) return null;
    // Definitions the branch may refer to stay at the root, beside it.
    const branch = { ...shared, ...option };
    byValue.set(value, fastJsonStringify(branch as Parameters<typeof fastJsonStringify>[0]));
  }
  return { key, byValue };
}
