import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isEmail } from './email.ts';
import { isValidSwitchUserEmail } from './switch-user.ts';

const cases: [string, boolean][] = [
  ['ops@paddock.nz', true],
  ['first.last+alarms@farm.co.nz', true],
  ["o'brien@station.com.au", true],
  ['', false],
  ['ops', false],
  ['ops@', false],
  ['@paddock.nz', false],
  ['ops@paddock', false],
  ['ops@paddock.n', false],
  ['ops @paddock.nz', false],
  ['.ops@paddock.nz', false],
  ['ops..x@paddock.nz', false],
  ['ops@@paddock.nz', false],
];

describe('§5 the standard email pattern', () => {
  it.each(cases)('%j → %s', (text, expected) => {
    expect(isEmail(text)).toBe(expected);
  });

  it.each(cases)('agrees with z.email() for %j', (text) => {
    expect(isEmail(text)).toBe(z.email().safeParse(text).success);
  });
});

describe('§5 Switch User: email matches the same pattern', () => {
  it.each<[string, boolean]>([
    ['someone@paddock.nz', true],
    ['  someone@paddock.nz  ', true],
    ['someone', false],
    ['', false],
    ['   ', false],
  ])('%j → %s', (text, expected) => {
    expect(isValidSwitchUserEmail(text)).toBe(expected);
  });
});
