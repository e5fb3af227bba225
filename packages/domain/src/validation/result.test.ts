import { describe, expect, it } from 'vitest';
import { errorsToShow, firstErrorMessage, toResult } from './result.ts';

describe('uniform validation result', () => {
  it.each([
    [{}, { ok: true, value: { a: 1 } }],
    [{ a: 'bad' }, { ok: false, errors: { a: 'bad' } }],
  ])('errors %j → %j', (errors, result) => {
    expect(toResult({ a: 1 }, errors)).toEqual(result);
  });

  it.each([
    [{ ok: true as const, value: 1 }, null],
    [{ ok: false as const, errors: { b: 'second', a: 'first' } }, 'second'],
  ])('first error message of %j is %j', (result, message) => {
    expect(firstErrorMessage(result)).toBe(message);
  });
});

describe('§5 profile: errors show once touched', () => {
  it.each([
    [{}, {}],
    [{ name: true }, { name: 'N' }],
    [
      { name: true, email: true, sms: false },
      { name: 'N', email: 'E' },
    ],
  ])('touched %j shows %j', (touched, shown) => {
    expect(errorsToShow({ name: 'N', email: 'E', sms: 'S' }, touched)).toEqual(shown);
  });
});
