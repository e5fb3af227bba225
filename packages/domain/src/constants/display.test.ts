import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DEFAULT_REGION_ID,
  formatSiteDateTime,
  lastUpdateDisplay,
  SETTING_UNITS,
  SITE_TYPE,
} from './display.ts';
import { MINUTE, SECOND } from '../testing/durations.ts';

const now = new Date('2024-06-15T12:00:00.000Z');
const ago = (ms: number): Date => new Date(now.getTime() - ms);

describe('§9 last-update display', () => {
  it.each([
    ['0 s', ago(0), { unit: 'second', value: 0 }],
    ['59 s', ago(59 * SECOND), { unit: 'second', value: 59 }],
    ['59.9 s', ago(59 * SECOND + 900), { unit: 'second', value: 59 }],
    ['exactly 1 minute (not over it)', ago(MINUTE), { unit: 'second', value: 60 }],
    ['1 minute 1 ms', ago(MINUTE + 1), { unit: 'minute', value: 1 }],
    ['61 s', ago(61 * SECOND), { unit: 'minute', value: 1 }],
    ['119 s', ago(119 * SECOND), { unit: 'minute', value: 1 }],
    ['59 min', ago(59 * MINUTE), { unit: 'minute', value: 59 }],
    ['exactly 60 minutes (not over it)', ago(60 * MINUTE), { unit: 'minute', value: 60 }],
    ['60 min 1 s', ago(60 * MINUTE + SECOND), { unit: 'hour', value: '> 1' }],
    ['61 min', ago(61 * MINUTE), { unit: 'hour', value: '> 1' }],
    ['3 days', ago(3 * 24 * 60 * MINUTE), { unit: 'hour', value: '> 1' }],
    ['in the future (clock skew)', ago(-5 * SECOND), { unit: 'second', value: 0 }],
  ])('%s ago', (_name, lastUpdate, display) => {
    expect(lastUpdateDisplay(lastUpdate, now)).toEqual(display);
  });

  it.each([
    ['ISO text', '2024-06-15T11:55:00Z', { unit: 'minute', value: 5 }],
    ['ISO text with offset', '2024-06-15T23:59:30+12:00', { unit: 'second', value: 30 }],
    ['epoch ms', now.getTime() - 2 * MINUTE, { unit: 'minute', value: 2 }],
  ])('accepts %s', (_name, lastUpdate, display) => {
    expect(lastUpdateDisplay(lastUpdate, now)).toEqual(display);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty text', ''],
    ['unparseable text', 'yesterday'],
    ['invalid date', new Date(Number.NaN)],
  ])('%s shows --', (_name, lastUpdate) => {
    expect(lastUpdateDisplay(lastUpdate, now)).toEqual({ unit: 'none', text: '--' });
  });
});

describe('§9 date format YYYY-MM-DD HH:mm in the site’s zone', () => {
  it('is the spec’s pattern', () => {
    expect(DATE_FORMAT).toBe('YYYY-MM-DD HH:mm');
  });

  it.each([
    ['2024-06-15T12:34:56Z', 'UTC', '2024-06-15 12:34'],
    ['2024-06-15T12:34:56Z', 'Pacific/Auckland', '2024-06-16 00:34'],
    ['2024-01-15T12:34:56Z', 'Pacific/Auckland', '2024-01-16 01:34'],
    ['2024-06-15T12:34:56Z', 'Australia/Melbourne', '2024-06-15 22:34'],
    ['2024-06-15T14:00:00Z', 'Australia/Melbourne', '2024-06-16 00:00'],
    ['2024-12-31T11:00:00Z', 'Pacific/Auckland', '2025-01-01 00:00'],
    ['0999-03-04T05:06:00Z', 'UTC', '0999-03-04 05:06'],
  ])('%s in %s is %s', (iso, timeZone, text) => {
    expect(formatSiteDateTime(new Date(iso), timeZone)).toBe(text);
  });

  it('rejects an unknown zone', () => {
    expect(() => formatSiteDateTime(now, 'Nowhere/Special')).toThrow(RangeError);
  });
});

describe('§9 display defaults', () => {
  it('units: mm depth, % variation, cl cycles', () => {
    expect(SETTING_UNITS).toEqual({ depth: 'mm', variation: '%', cycles: 'cl' });
  });

  it('region default id 1, site type site', () => {
    expect(DEFAULT_REGION_ID).toBe(1);
    expect(SITE_TYPE).toBe('site');
  });
});
