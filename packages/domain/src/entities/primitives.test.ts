import { describe, expect, it } from 'vitest';
import { idSchema, isoDateTimeSchema, nullableIsoDateTimeSchema } from './primitives.ts';

describe('§3 ids', () => {
  it.each([
    [1, true],
    [42_000, true],
    [0, false],
    [-3, false],
    [1.5, false],
    ['7', false],
  ])('id %j is accepted: %s', (value, ok) => {
    expect(idSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 wire times are ISO-8601', () => {
  it.each([
    ['2024-09-01T06:00:00Z', true],
    ['2024-09-01T06:00:00+12:00', true],
    ['2024-09-01T06:00:00.250+10:00', true],
    ['2024-09-01T06:00:00', false],
    ['2024-09-01', false],
    ['01/09/2024 06:00', false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(isoDateTimeSchema.safeParse(value).success).toBe(ok);
  });

  it('null stands for "not happened" where allowed', () => {
    expect(nullableIsoDateTimeSchema.parse(null)).toBeNull();
    expect(isoDateTimeSchema.safeParse(null).success).toBe(false);
  });
});
