import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiBaseUrlSchema } from './app-config.ts';
import { apiErrorBodySchema, storedAuthSchema, tokenSetSchema } from './session.ts';
import {
  isApiBaseUrl,
  isEpochMs,
  isErrorReportingKeyValid,
  isNonEmptyString,
  isStoredAuth,
  parseTokenSet,
  readApiErrorBody,
} from './start-up-checks.ts';

const tokens = {
  loginId: 'aroha@teawa.example.nz',
  identityId: 'ap-southeast-2:6f1c2d3e-0000-4000-8000-000000000800',
  identityPoolId: 'ap-southeast-2:pool-1',
  token: 'eyJraWQiOiJ0ZXN0In0.payload.signature',
  refreshToken: 'r-1',
  expiresAt: 1_725_170_400_000,
};

/** Values a field may hold on the wire or in storage: good, empty, wrong type, out of range. */
const fieldValue = fc.oneof(
  fc.constantFrom('x', 'ap-southeast-2', '', ' ', 0, -1, 1.5, 1_725_170_400_000, 2 ** 53),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, [], {}),
  fc.string(),
  fc.integer(),
  fc.double(),
);
const fields = ['loginId', 'identityId', 'identityPoolId', 'token', 'refreshToken', 'expiresAt'];
/** A record near a valid one: each field kept, replaced or dropped; sometimes an extra key or uid. */
const nearRecord = fc
  .tuple(
    fc.array(fc.option(fc.option(fieldValue, { nil: undefined }), { nil: null }), {
      minLength: fields.length,
      maxLength: fields.length,
    }),
    fc.option(fieldValue, { nil: null }),
    fc.boolean(),
  )
  .map(([changes, uid, extra]) => {
    // null: keep the good value; undefined: drop the key; else replace it.
    const record: Record<string, unknown> = Object.fromEntries(
      fields.flatMap((field, index) => {
        const change = changes[index];
        if (change === undefined) return [];
        return [[field, change === null ? tokens[field as keyof typeof tokens] : change]];
      }),
    );
    if (uid !== null) record.uid = uid;
    if (extra) record.extra = 1;
    return record;
  });
const anything = fc.oneof(nearRecord, fc.anything());

describe('start-up checks agree with the §3 schemas they stand in for', () => {
  it('parseTokenSet accepts what tokenSetSchema accepts, with the same fields', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const parsed = tokenSetSchema.safeParse(value);
        expect(parseTokenSet(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('readApiErrorBody reads every body apiErrorBodySchema accepts as the schema does', () => {
    const errorBody = fc.record(
      {
        statusCode: fc.integer({ min: 400, max: 599 }),
        error: fc.string(),
        message: fc.string(),
        detail: fc.array(fc.string()),
        field: fc.string(),
        location: fc.string(),
        reason: fc.string(),
      },
      { requiredKeys: ['message'] },
    );
    fc.assert(
      fc.property(fc.oneof(errorBody, anything), (value) => {
        const parsed = apiErrorBodySchema.safeParse(value);
        if (parsed.success) expect(readApiErrorBody(value)).toEqual(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });

  it('readApiErrorBody keeps only the well-typed fields of a body that is not one', () => {
    expect(readApiErrorBody({ message: 7, field: 'email', detail: ['a', 1] })).toEqual({
      field: 'email',
      detail: ['a'],
    });
    expect(readApiErrorBody('Bad Gateway')).toEqual({});
  });

  it('isStoredAuth accepts what storedAuthSchema accepts', () => {
    fc.assert(
      fc.property(anything, (value) => {
        expect(isStoredAuth(value)).toBe(storedAuthSchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('isApiBaseUrl accepts what apiBaseUrlSchema accepts', () => {
    const url = fc.oneof(
      fc.constantFrom(
        '/',
        '/api',
        'https://a',
        'http://x.nz/v1',
        'https:// x',
        'ftp://a',
        'api.nz',
      ),
      fc.webUrl(),
      fc.string(),
      fc.anything(),
    );
    fc.assert(
      fc.property(url, (value) => {
        expect(isApiBaseUrl(value)).toBe(apiBaseUrlSchema.safeParse(value).success);
      }),
      { numRuns: 300 },
    );
  });
});

describe('start-up checks', () => {
  it.each<[unknown, boolean]>([
    ['a', true],
    [' ', true],
    ['', false],
    [1, false],
    [null, false],
  ])('non-empty string %j → %s', (value, ok) => {
    expect(isNonEmptyString(value)).toBe(ok);
  });

  it.each<[unknown, boolean]>([
    [0, true],
    [1_725_170_400_000, true],
    [-1, false],
    [1.5, false],
    [2 ** 53, false],
    [Number.NaN, false],
    ['1', false],
  ])('epoch ms %j → %s', (value, ok) => {
    expect(isEpochMs(value)).toBe(ok);
  });

  it('a token set read from storage keeps only the token set’s fields', () => {
    expect(parseTokenSet({ ...tokens, uid: 'u-1', extra: true })).toEqual(tokens);
    expect(parseTokenSet({ ...tokens, refreshToken: '' })).toBeNull();
    expect(parseTokenSet([tokens])).toBeNull();
  });

  it('a stored auth record may carry a uid, which must then be non-empty', () => {
    const auth = { ...tokens, refreshToken: undefined };
    expect(isStoredAuth(auth)).toBe(true);
    expect(isStoredAuth({ ...auth, uid: 'u-1' })).toBe(true);
    expect(isStoredAuth({ ...auth, uid: '' })).toBe(false);
    expect(isStoredAuth({ ...auth, uid: null })).toBe(false);
  });

  it.each<[unknown, unknown, boolean]>([
    ['production', 'key', true],
    ['production', '  ', false],
    ['testing', '', false],
    ['development', '', true],
    ['development', 7, false],
    ['prod', '', false],
    [undefined, 'key', true],
  ])('error-reporting key in %j: %j → %s', (environment, key, ok) => {
    expect(isErrorReportingKeyValid(environment, key)).toBe(ok);
  });
});
