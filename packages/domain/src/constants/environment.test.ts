import { describe, expect, it } from 'vitest';
import { isErrorReportingOn } from './environment.ts';

describe('§9 error reporting runs in testing, staging and production', () => {
  it.each([
    ['development', false],
    ['testing', true],
    ['staging', true],
    ['production', true],
  ] as const)('%s: %s', (environment, on) => {
    expect(isErrorReportingOn(environment)).toBe(on);
  });
});
