import { describe, expect, it } from 'vitest';
import { seriesInterval, seriesQuerySchema, seriesSchema, seriesWindow } from './series.ts';
import { DAY } from '../testing/durations.ts';

const now = new Date('2026-11-21T09:00:00.000Z');

describe('series query', () => {
  it('defaults: month is left to the window, average, 1000 px', () => {
    expect(seriesQuerySchema.parse({ metric: 'soil.moisture' })).toEqual({
      metric: 'soil.moisture',
      option: 1,
      width: 1000,
    });
  });

  it('reads the query-string numbers of an interval chart', () => {
    expect(
      seriesQuerySchema.parse({ metric: 'rpm', interval: '100', option: '2', width: '1200' }),
    ).toEqual({ metric: 'rpm', interval: 100, option: 2, width: 1200 });
  });

  it('takes an explicit range', () => {
    const query = { metric: 'rpm', from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00+13:00' };
    expect(seriesQuerySchema.parse(query)).toMatchObject(query);
  });

  it.each([
    ['no metric', {}, 'metric'],
    ['an empty metric', { metric: '' }, 'metric'],
    ['interval 5 (unused in §9)', { metric: 'm', interval: '5' }, 'interval'],
    ['an empty interval', { metric: 'm', interval: '' }, 'interval'],
    ['an interval name', { metric: 'm', interval: 'month' }, 'interval'],
    ['option 3', { metric: 'm', option: '3' }, 'option'],
    ['width 99', { metric: 'm', width: '99' }, 'width'],
    ['width 4001', { metric: 'm', width: '4001' }, 'width'],
    ['a fractional width', { metric: 'm', width: '500.5' }, 'width'],
    ['from without to', { metric: 'm', from: '2026-01-01T00:00:00Z' }, 'to'],
    ['to without from', { metric: 'm', to: '2026-01-01T00:00:00Z' }, 'from'],
    ['a date without time', { metric: 'm', from: '2026-01-01', to: '2026-02-01' }, 'from'],
    [
      'to before from',
      { metric: 'm', from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      'to',
    ],
    [
      'an empty range',
      { metric: 'm', from: '2026-02-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
      'to',
    ],
    [
      'a range over 100 years',
      { metric: 'm', from: '1900-01-01T00:00:00Z', to: '2001-01-01T00:00:00Z' },
      'to',
    ],
    [
      'interval and a range',
      { metric: 'm', interval: '2', from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
      'interval',
    ],
  ])('refuses %s, naming %s', (_name, query, field) => {
    const result = seriesQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });
});

describe('series window', () => {
  it.each([
    ['day: the last 24 hours', 0, DAY],
    ['week: the last 7 days', 1, 7 * DAY],
    ['month: the last 30 days', 2, 30 * DAY],
    ['year: the last 365 days', 3, 365 * DAY],
    ['last 2 years', 4, 730 * DAY],
    ['last 3 days', 6, 3 * DAY],
    ['last 30 minutes', 7, 30 * 60_000],
    ['last 3 hours', 8, 3 * 3_600_000],
  ] as const)('%s, ending now', (_name, interval, span) => {
    const window = seriesWindow({ interval }, now, 'Pacific/Auckland');
    expect(window.to).toEqual(now);
    expect(now.getTime() - window.from.getTime()).toBe(span);
  });

  it('year to date starts at local midnight on 1 January', () => {
    const window = seriesWindow({ interval: 100 }, now, 'Pacific/Auckland');
    expect(window.from.toISOString()).toBe('2025-12-31T11:00:00.000Z');
    expect(window.to).toEqual(now);
  });

  it('month when no interval is given', () => {
    expect(seriesWindow({}, now, 'UTC').from.toISOString()).toBe('2026-10-22T09:00:00.000Z');
    expect(seriesInterval({})).toBe(2);
  });

  it('an explicit range as given, with no interval', () => {
    const query = { from: '2024-01-01T00:00:00+13:00', to: '2025-01-01T00:00:00+13:00' };
    expect(seriesWindow(query, now, 'UTC')).toEqual({
      from: new Date('2023-12-31T11:00:00Z'),
      to: new Date('2024-12-31T11:00:00Z'),
    });
    expect(seriesInterval(query)).toBeNull();
  });
});

describe('series answer', () => {
  const fields = {
    thing: { type: 'sensor', id: 3 },
    metric: 'soil.moisture',
    interval: 2,
    timezone: 'Pacific/Auckland',
    from: '2026-10-22T09:00:00.000Z',
    to: '2026-11-21T09:00:00.000Z',
    bucket: { unit: 'minute', size: 30 },
    bucketSeconds: 1800,
  };

  it('average points carry one value, high-low points two', () => {
    expect(
      seriesSchema.safeParse({ ...fields, option: 1, points: [['2026-10-22T09:00:00.000Z', 3]] })
        .success,
    ).toBe(true);
    expect(
      seriesSchema.safeParse({
        ...fields,
        option: 2,
        points: [['2026-10-22T09:00:00.000Z', 1, 4]],
      }).success,
    ).toBe(true);
    expect(
      seriesSchema.safeParse({ ...fields, option: 2, points: [['2026-10-22T09:00:00.000Z', 3]] })
        .success,
    ).toBe(false);
  });
});
