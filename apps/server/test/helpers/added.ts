/**
 * Adding and removing things over the API in tests, as the site's admin: the answer of a POST
 * that must succeed, so that a test's setup fails at the call that went wrong, and a DELETE that
 * must remove the thing for good.
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** The admin's POST of `payload` to `url`, answered 201; its body. */
export async function addedByAdmin<Answer>(t: TestApp, url: string, payload: object) {
  const response = await t.as(t.farm.users.admin.id, { method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Answer>();
}

/** The admin's DELETE of `url` answers 204, and a second one 404: the thing is gone. */
export async function expectDeletedByAdmin(t: TestApp, url: string) {
  const gone = await t.as(t.farm.users.admin.id, { method: 'DELETE', url });
  expect(gone.statusCode, gone.body).toBe(204);
  const again = await t.as(t.farm.users.admin.id, { method: 'DELETE', url });
  expect(again.statusCode).toBe(404);
}
