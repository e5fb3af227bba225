import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  areaGetQuerySchema,
  areaQuerySchema,
  contactTestParamSchema,
  idParamSchema,
  localDateRangeQuerySchema,
  requestParamSchema,
  siteQuerySchema,
} from './params.ts';

describe('§7 path ids are coerced from text', () => {
  it.each([
    ['12', 12],
    ['1', 1],
  ])('id %j reads as %d', (text, id) => {
    expect(idParamSchema.parse({ id: text })).toEqual({ id });
  });

  it.each(['0', '-4', '1.5', 'abc', '', '2147483648', '1e30', 'Infinity'])(
    'id %j is refused',
    (text) => {
      expect(idParamSchema.safeParse({ id: text }).success).toBe(false);
    },
  );

  it('GET sections?area={id} and contacts?site={id} coerce their query', () => {
    expect(areaQuerySchema.parse({ area: '10' })).toEqual({ area: 10 });
    expect(siteQuerySchema.parse({ site: '3' })).toEqual({ site: 3 });
    expect(areaQuerySchema.safeParse({}).success).toBe(false);
  });

  it.each([
    [{ withoutSections: 'true' }, { withoutSections: true }],
    [{ withoutSections: 'false' }, { withoutSections: false }],
    [{}, {}],
  ])('GET areas/{id} query %j reads as %j', (query, parsed) => {
    expect(areaGetQuerySchema.parse(query)).toEqual(parsed);
  });

  it('GET areas/{id}?withoutSections=maybe is refused', () => {
    expect(areaGetQuerySchema.safeParse({ withoutSections: 'maybe' }).success).toBe(false);
  });

  it('request and contact test paths carry two ids', () => {
    expect(requestParamSchema.parse({ id: '200', requestId: '1000' })).toEqual({
      id: 200,
      requestId: 1000,
    });
    expect(contactTestParamSchema.safeParse({ id: '700', testId: 'x' }).success).toBe(false);
  });
});

describe('a query of local dates, both included', () => {
  const nights = localDateRangeQuerySchema(z.string(), 3, 'nights');

  it.each([
    ['one day', '2026-09-04', '2026-09-04'],
    ['under the most', '2026-09-01', '2026-09-03'],
  ])('%s is a range', (_name, from, to) => {
    expect(nights.parse({ from, to })).toEqual({ from, to });
  });

  it.each([
    [
      'ending before it starts',
      '2026-09-04',
      '2026-09-03',
      'The range must not end before it starts',
    ],
    ['as long as the most', '2026-09-01', '2026-09-04', 'A range covers at most 3 nights'],
  ])('a range %s is refused at `to`', (_name, from, to, message) => {
    const result = nights.safeParse({ from, to });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['to'], message })]);
  });
});
