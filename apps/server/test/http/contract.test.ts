/**
 * The server registers exactly the endpoints of the contract (packages/domain/src/contract):
 * every entry is a route with the entry's method, path and authentication, and no route under
 * /api stands outside the contract, so the console's typed calls cannot drift from the server.
 */
import { apiContract, type EndpointSpec } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

type Operation = { security?: unknown[] };
type Document = { paths: Record<string, Record<string, Operation>> };

const entries: [string, EndpointSpec][] = Object.entries(apiContract).flatMap(
  ([resource, endpoints]) =>
    Object.entries(endpoints as Record<string, EndpointSpec>).map(
      ([name, entry]) => [`${resource}.${name}`, entry] as [string, EndpointSpec],
    ),
);

/** '/controls/:id/test' → '/api/controls/{id}/test', as the document names paths. */
const documentPath = (path: string) => `/api${path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`;

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

describe('the contract', () => {
  it('names each method and path once', () => {
    const keys = entries.map(([, entry]) => `${entry.method} ${entry.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it.each(entries)('%s is a route of the server with its method and path', (_, entry) => {
    const found = t.app.hasRoute({ method: entry.method, url: `/api${entry.path}` });
    expect(found).toBe(true);
  });

  it.each(entries.filter(([, entry]) => !entry.hidden))(
    '%s is in the document with its authentication',
    (_, entry) => {
      const operation = doc.paths[documentPath(entry.path)]?.[entry.method.toLowerCase()];
      expect(operation).toBeDefined();
      const bearer = (entry.auth ?? 'bearer') === 'bearer';
      expect(operation?.security).toEqual(bearer ? [{ bearer: [] }] : undefined);
    },
  );

  it('has an entry for every route of the document', () => {
    const inContract = new Set(
      entries.map(([, entry]) => `${entry.method.toLowerCase()} ${documentPath(entry.path)}`),
    );
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method} ${path}`),
      );
    expect(routes.filter((route) => !inContract.has(route))).toEqual([]);
  });
});
