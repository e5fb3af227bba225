import {
  exportCreateBodySchema,
  scheduledReportCreateBodySchema,
  type ReportExport,
} from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInTimeZone,
  defaultReportSearch,
  exportBodyOf,
  exportDays,
  hasErrors,
  rerunBody,
  scheduleBodyOf,
  restoreReportSearch,
  storeReportSearch,
  validateReportSearch,
  type ReportSearch,
} from './report-search.ts';

const ZONE = 'Pacific/Auckland';
const search = (overrides: Partial<ReportSearch> = {}): ReportSearch => ({
  report: 'waterReport',
  kind: 'frostCompliance',
  area: null,
  things: [],
  series: [],
  resolution: 'hour',
  fromDay: '2026-03-01',
  toDay: '2026-03-07',
  format: 'csv',
  ...overrides,
});

describe('validateReportSearch', () => {
  it('accepts a week of a water report of the whole site', () => {
    expect(validateReportSearch(search())).toEqual({});
  });

  it('names the empty range fields', () => {
    const errors = validateReportSearch(search({ fromDay: '', toDay: '' }));
    expect(errors.fromDay?.key).toBe('Reports.Error.FromRequired');
    expect(errors.toDay?.key).toBe('Reports.Error.ToRequired');
  });

  it('refuses a day that does not exist and a range that ends before it starts', () => {
    expect(validateReportSearch(search({ fromDay: '2026-02-30' })).fromDay?.key).toBe(
      'Reports.Error.NotADay',
    );
    expect(validateReportSearch(search({ toDay: '2026-02-28' })).toDay?.key).toBe(
      'Reports.Error.ToBeforeFrom',
    );
    // One day is a range.
    expect(validateReportSearch(search({ toDay: '2026-03-01' }))).toEqual({});
  });

  it('holds each type to its longest range', () => {
    const long = { fromDay: '2025-01-01', toDay: '2026-03-01' }; // 425 days
    expect(validateReportSearch(search(long)).toDay).toEqual({
      key: 'Reports.Error.TooLong',
      values: { days: 400 },
    });
    const generic = search({
      ...long,
      report: 'generic',
      series: [{ thing: { type: 'sensor', id: 4 }, metric: 'flow' }],
    });
    expect(validateReportSearch(generic)).toEqual({});
  });

  it('needs a frost area for a frost report and a series for a generic one', () => {
    expect(validateReportSearch(search({ report: 'frostReport' })).area?.key).toBe(
      'Reports.Error.FrostAreaRequired',
    );
    expect(validateReportSearch(search({ report: 'frostReport', area: 3 }))).toEqual({});
    const generic = validateReportSearch(search({ report: 'generic' }));
    expect(generic.series?.key).toBe('Reports.Error.SeriesRequired');
    expect(hasErrors(generic)).toBe(true);
  });
});

describe('exportBodyOf', () => {
  it('reads the days in the site timezone: from 00:00 of the first to 00:00 after the last', () => {
    const body = exportBodyOf(search({ things: [7, 9] }), 12, ZONE);
    // March 2026 in Auckland is daylight time (+13:00).
    expect(body).toEqual({
      report: 'waterReport',
      site: 12,
      format: 'csv',
      things: [7, 9],
      from: '2026-02-28T11:00:00.000Z',
      to: '2026-03-07T11:00:00.000Z',
    });
    expect(exportCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it('covers a day the clocks change on as the local day (daylight time ends 5 April 2026)', () => {
    const body = exportBodyOf(search({ fromDay: '2026-04-05', toDay: '2026-04-05' }), 12, ZONE);
    expect(body.from).toBe('2026-04-04T11:00:00.000Z');
    expect(body.to).toBe('2026-04-05T12:00:00.000Z');
  });

  it('makes a frost body with its kind and area, and a generic one with its series', () => {
    const frost = exportBodyOf(
      search({ report: 'frostReport', kind: 'fuelingReport', area: 5, format: 'pdf' }),
      12,
      ZONE,
    );
    expect(frost).toMatchObject({ report: 'frostReport', kind: 'fuelingReport', area: 5 });
    expect(exportCreateBodySchema.safeParse(frost).success).toBe(true);
    const series = [{ thing: { type: 'sensor' as const, id: 4 }, metric: 'flow' }];
    const generic = exportBodyOf(search({ report: 'generic', series, area: 2 }), 12, ZONE);
    expect(generic).toMatchObject({ report: 'generic', series, resolution: 'hour', area: 2 });
    expect(exportCreateBodySchema.safeParse(generic).success).toBe(true);
    // An irrigation report carries no kind.
    expect(exportBodyOf(search({ report: 'irrigationReport' }), 12, ZONE)).not.toHaveProperty(
      'kind',
    );
  });
});

describe('scheduleBodyOf', () => {
  it('keeps what is reported on, without days, for the contact and period', () => {
    const body = scheduleBodyOf(search({ area: 3, things: [7] }), 12, 21, 'week');
    expect(body).toEqual({
      report: 'waterReport',
      site: 12,
      area: 3,
      things: [7],
      format: 'csv',
      contact: 21,
      every: 'week',
    });
    expect(scheduledReportCreateBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('rerunBody and exportDays', () => {
  const item = {
    id: 40,
    site: 12,
    area: 3,
    report: 'irrigationReport',
    kind: null,
    format: 'pdf',
    from: '2026-02-28T11:00:00.000Z',
    to: '2026-03-07T11:00:00.000Z',
    things: [],
    series: null,
    resolution: null,
  } as unknown as ReportExport;

  it('asks for the same report again without the old request id', () => {
    const body = rerunBody(item);
    expect(body).toEqual({
      report: 'irrigationReport',
      site: 12,
      area: 3,
      format: 'pdf',
      from: item.from,
      to: item.to,
    });
    expect(exportCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it('shows the days the search named', () => {
    expect(exportDays(item, ZONE)).toEqual({ fromDay: '2026-03-01', toDay: '2026-03-07' });
  });
});

describe('the lastReportSearch preference', () => {
  it('comes back whole on the same site', () => {
    const made = search({ area: 3, things: [7] });
    expect(restoreReportSearch(storeReportSearch(made, 12), 12)).toEqual(made);
  });

  it('keeps type, format and days but not the ids on another site', () => {
    const made = search({
      report: 'generic',
      area: 3,
      things: [7],
      series: [{ thing: { type: 'sensor', id: 4 }, metric: 'flow' }],
    });
    expect(restoreReportSearch(storeReportSearch(made, 12), 13)).toEqual({
      ...made,
      area: null,
      things: [],
      series: [],
    });
  });

  it('reads anything else as nothing remembered', () => {
    expect(restoreReportSearch(null, 12)).toBeNull();
    expect(restoreReportSearch('not json', 12)).toBeNull();
    expect(restoreReportSearch(JSON.stringify({ site: 12, report: 'other' }), 12)).toBeNull();
  });
});

describe('days', () => {
  it('defaults to the last seven whole days of the site', () => {
    // 10:30 on 8 March in Auckland.
    const made = defaultReportSearch(new Date('2026-03-07T21:30:00Z'), ZONE);
    expect([made.fromDay, made.toDay]).toEqual(['2026-03-01', '2026-03-07']);
    expect(dayInTimeZone(new Date('2026-03-07T21:30:00Z'), 'UTC')).toBe('2026-03-07');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});
