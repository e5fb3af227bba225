import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HARDWARE_FILTER,
  DEFAULT_HARDWARE_SORT,
  DEFAULT_PROGRAM_SORT,
  DEFAULT_THINGS_FILTER,
  HARDWARE_FILTER,
  hardwareFilterName,
  HARDWARE_SORT,
  hardwareFilterSchema,
  hardwareSortSchema,
  programSortSchema,
  thingsFilterSchema,
} from './sorting.ts';

describe('§9 hardware sort (by last report)', () => {
  it('is default 0, ascending 1, descending 2', () => {
    expect(HARDWARE_SORT).toEqual({ default: 0, ascending: 1, descending: 2 });
  });

  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, false],
    [-1, false],
    ['1', false],
  ])('stored sort %j parses: %s', (value, ok) => {
    expect(hardwareSortSchema.safeParse(value).success).toBe(ok);
  });

  it('§3 default is column updated, ascending', () => {
    expect(DEFAULT_HARDWARE_SORT).toEqual({ column: 'updated', ascending: true });
  });
});

describe('§9 hardware filter', () => {
  it('is all 0, warning -1, fault -2, default all', () => {
    expect(HARDWARE_FILTER).toEqual({ all: 0, warning: -1, fault: -2 });
    expect(DEFAULT_HARDWARE_FILTER).toBe(0);
  });

  it.each([
    [0, true],
    [-1, true],
    [-2, true],
    [1, false],
    [-3, false],
  ])('stored filter %j parses: %s', (value, ok) => {
    expect(hardwareFilterSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    [0, 'all'],
    [-1, 'warning'],
    [-2, 'fault'],
  ] as const)('code %i is named %s in a link', (code, name) => {
    expect(hardwareFilterName(code)).toBe(name);
    expect(HARDWARE_FILTER[name]).toBe(code);
  });
});

describe('§9 things filter and program sort', () => {
  it('things filters are fault, warning, all, soilMoisture, waterMeter', () => {
    expect(thingsFilterSchema.options).toEqual([
      'fault',
      'warning',
      'all',
      'soilMoisture',
      'waterMeter',
    ]);
    expect(DEFAULT_THINGS_FILTER).toBe('all');
  });

  it.each([
    ['waterMeter', true],
    ['watermeter', false],
    ['pump', false],
  ])('things filter %j parses: %s', (value, ok) => {
    expect(thingsFilterSchema.safeParse(value).success).toBe(ok);
  });

  it('programs sort by number or activity, number by default', () => {
    expect(programSortSchema.options).toEqual(['number', 'activity']);
    expect(DEFAULT_PROGRAM_SORT).toBe('number');
  });
});
