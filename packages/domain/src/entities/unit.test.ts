import { describe, expect, it } from 'vitest';
import { buildUnit } from '../testing/factories.ts';
import { unitSchema } from './unit.ts';

describe('§3 unit', () => {
  it.each([
    ['a unit serving one area', buildUnit()],
    ['an overdue unit serving two areas', buildUnit({ areas: [10, 11], overdue: true })],
    ['a unit not yet placed', buildUnit({ location: null, radio: null, lastUpdate: null })],
  ])('accepts %s', (_why, unit) => {
    expect(unitSchema.parse(unit)).toEqual(unit);
  });

  it.each([
    ['no site', { site: undefined }],
    ['area ids as text', { areas: ['10'] }],
    ['an overdue given as text', { overdue: 'no' }],
    ['a location that is not a point', { location: '[[-39.6,176.8]]' }],
  ])('refuses %s', (_why, overrides) => {
    expect(unitSchema.safeParse({ ...buildUnit(), ...overrides }).success).toBe(false);
  });
});
