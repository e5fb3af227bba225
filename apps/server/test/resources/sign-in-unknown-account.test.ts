/**
 * Sign-in names no accounts: an unknown login and a wrong password get the same answer, and take
 * the same time within noise, since the unknown login has a dummy hash verified where the wrong
 * password has the account's own. Times are compared with their own spread, never with a fixed
 * number of milliseconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const TRIES = 20;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Each try comes from its own address: 40 failures from one would reach its limit (20).
let serial = 0;
const nextAddress = () => `10.33.${Math.floor(serial / 200)}.${(serial++ % 200) + 1}`;

type Try = { status: number; body: unknown; ms: number };

async function timedLogin(user: string): Promise<Try> {
  const started = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user, password: 'Not-the-password1', region: t.config.region },
    remoteAddress: nextAddress(),
  });
  const ms = performance.now() - started;
  return { status: response.statusCode, body: response.json(), ms };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  const middle = (sorted.length - 1) / 2;
  return (at(Math.floor(middle)) + at(Math.ceil(middle))) / 2;
}

const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

describe('POST /api/user/login names no accounts', () => {
  it(`an unknown login and a wrong password answer alike, in the same time over ${TRIES} tries`, async () => {
    const known = t.farm.users.monitor.login;
    const unknownLogin = (i: number) => `nobody${i}@unknown.test`;
    // Untimed first tries, so neither series pays for warming up.
    await timedLogin(unknownLogin(-1));
    await timedLogin(known);

    const unknown: Try[] = [];
    const wrong: Try[] = [];
    // Interleaved, each going first every other time, so load on the machine falls on both.
    for (let i = 0; i < TRIES; i++) {
      if (i % 2 === 0) {
        unknown.push(await timedLogin(unknownLogin(i)));
        wrong.push(await timedLogin(known));
      } else {
        wrong.push(await timedLogin(known));
        unknown.push(await timedLogin(unknownLogin(i)));
      }
    }

    const [first] = wrong;
    expect(first?.status).toBe(401);
    expect(first?.body).toMatchObject({ message: 'Wrong login or password' });
    for (const answer of [...unknown, ...wrong]) {
      expect([answer.status, answer.body]).toEqual([first?.status, first?.body]);
    }

    const unknownMs = unknown.map((answer) => answer.ms);
    const wrongMs = wrong.map((answer) => answer.ms);
    const difference = Math.abs(median(unknownMs) - median(wrongMs));
    const measured =
      `medians ${median(unknownMs).toFixed(1)} ms unknown, ${median(wrongMs).toFixed(1)} ms wrong; ` +
      `spreads ${spread(unknownMs).toFixed(1)} and ${spread(wrongMs).toFixed(1)} ms`;
    expect(difference, measured).toBeLessThan(spread(unknownMs));
    expect(difference, measured).toBeLessThan(spread(wrongMs));
  });
});
