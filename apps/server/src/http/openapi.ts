/**
 * The OpenAPI document the server serves at /api/docs/json, as committed in docs/openapi.json.
 * `npm run openapi` writes it; test/http/openapi.test.ts fails when the committed copy differs from
 * what the routes generate, so the document a client reads is the one the server keeps.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/** docs/openapi.json in the repository. */
export const OPENAPI_DOCUMENT_PATH = fileURLToPath(
  new URL('../../../../docs/openapi.json', import.meta.url),
);

/** The document as the committed file holds it: two-space JSON and a final newline. */
export async function openApiDocumentText(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  return `${JSON.stringify(response.json(), null, 2)}\n`;
}

/** Builds the app on a scratch embedded database and writes docs/openapi.json. */
export async function writeOpenApiDocument(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-openapi-'));
  try {
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', PADDOCK_DATA_DIR: dataDir }));
    try {
      await app.ready();
      writeFileSync(OPENAPI_DOCUMENT_PATH, await openApiDocumentText(app));
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return OPENAPI_DOCUMENT_PATH;
}
