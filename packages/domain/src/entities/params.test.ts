import { describe, expect, it } from 'vitest';
import {
  areaGetQuerySchema,
  areaQuerySchema,
  contactTestParamSchema,
  idParamSchema,
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
