/**
 * The committed OpenAPI document (docs/openapi.json) is the one the routes generate, and every
 * route under /api is an entry of the contract (packages/domain/src/contract), so neither the
 * document nor the console's typed calls can drift from the server.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_DOCUMENT_PATH, openApiDocumentText } from '../../src/http/openapi.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is committed as the routes generate it (npm run openapi writes it)', async () => {
    const committed = readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8');
    const generated = await openApiDocumentText(t.app);
    expect(
      committed === generated,
      'docs/openapi.json differs from what the server generates: run `npm run openapi`',
    ).toBe(true);
  });
});
