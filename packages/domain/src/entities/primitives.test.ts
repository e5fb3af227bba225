import { describe, expect, it } from 'vitest';
import { ID_MAX } from '../constants/limits.ts';
import {
  idSchema,
  isoDateTimeSchema,
  isStorableText,
  nonEmptyTextSchema,
  nullableIsoDateTimeSchema,
  textSchema,
  trimmedTextSchema,
} from './primitives.ts';

describe('§3 ids', () => {
  it.each([
    [1, true],
    [42_000, true],
    [0, false],
    [-3, false],
    [1.5, false],
    ['7', false],
    [ID_MAX, true],
    [ID_MAX + 1, false],
    [2 ** 53, false],
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
    ['1970-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59Z', true],
    ['0001-01-01T00:00:00Z', false],
    ['1969-12-31T23:59:59Z', false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(isoDateTimeSchema.safeParse(value).success).toBe(ok);
  });

  it('null stands for "not happened" where allowed', () => {
    expect(nullableIsoDateTimeSchema.parse(null)).toBeNull();
    expect(isoDateTimeSchema.safeParse(null).success).toBe(false);
  });
});

describe('text: one rule for every string sent', () => {
  it.each([
    ['plain', 'Block A', true],
    ['empty', '', true],
    ['an emoji (a surrogate pair)', 'Zone \u{1F331}', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800', false],
    ['a lone high surrogate before another', '\ud800\ud800', false],
    ['a lone low surrogate', '\udc00b', false],
  ])('%s is storable: %s', (_, text, ok) => {
    expect(isStorableText(text)).toBe(ok);
    expect(textSchema(20).safeParse(text).success).toBe(ok);
  });

  it('refuses text over its maximum, at the maximum it is kept', () => {
    expect(textSchema(3).safeParse('abc').success).toBe(true);
    expect(textSchema(3).safeParse('abcd').success).toBe(false);
  });

  it('non-empty text refuses the empty string; trimmed text refuses blanks and trims', () => {
    expect(nonEmptyTextSchema(5).safeParse('').success).toBe(false);
    expect(trimmedTextSchema(5).safeParse('   ').success).toBe(false);
    expect(trimmedTextSchema(5).parse('  ab  ')).toBe('ab');
    expect(trimmedTextSchema(5).safeParse('a\u0000').success).toBe(false);
  });
});
