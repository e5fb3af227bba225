import { describe, expect, it } from 'vitest';
import {
  auditExportAsk,
  auditOperations,
  auditPageCount,
  auditQuery,
  NO_AUDIT_FILTERS,
} from './audit-filters.ts';

const HOBART = 'Australia/Hobart';

describe('the query the audit filters make', () => {
  it('is the first page, newest first, with nothing chosen', () => {
    expect(auditQuery(NO_AUDIT_FILTERS, 1, HOBART)).toEqual({ page: 1, limit: 50 });
  });

  it('sends the person, kind and operation chosen, and the page', () => {
    expect(
      auditQuery(
        {
          ...NO_AUDIT_FILTERS,
          actor: 7,
          kind: 'sensor',
          operation: 'PUT /areas/:areaId/alarms/:id',
        },
        3,
        HOBART,
      ),
    ).toEqual({
      actor: 7,
      kind: 'sensor',
      operation: 'PUT /areas/:areaId/alarms/:id',
      page: 3,
      limit: 50,
    });
  });

  it("reads the days in the site's time zone, the last day whole", () => {
    // Hobart is UTC+11 in November (daylight time): its 20 November starts at 13:00 UTC the day before.
    expect(
      auditQuery({ ...NO_AUDIT_FILTERS, from: '2026-11-20', to: '2026-11-30' }, 1, HOBART),
    ).toEqual({
      from: '2026-11-19T13:00:00.000Z',
      to: '2026-11-30T13:00:00.000Z',
      page: 1,
      limit: 50,
    });
  });

  it('rolls the last day over a month and a year', () => {
    expect(auditQuery({ ...NO_AUDIT_FILTERS, to: '2026-12-31' }, 1, 'UTC').to).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it.each(['', '2026-02-30', '20/11/2026', '2026-1-5'])(
    'leaves out a day that is none: %j',
    (day) => {
      const query = auditQuery({ ...NO_AUDIT_FILTERS, from: day }, 1, HOBART);
      expect(query).not.toHaveProperty('from');
    },
  );

  it('narrows to one object, its kind overriding the kind chosen', () => {
    expect(
      auditQuery(
        { ...NO_AUDIT_FILTERS, kind: 'radio', object: { kind: 'sensor', target: 31 } },
        1,
        HOBART,
      ),
    ).toEqual({ kind: 'sensor', target: 31, page: 1, limit: 50 });
  });
});

describe('what the audit export asks for', () => {
  const NOW = new Date('2026-11-29T02:00:00.000Z');

  it("covers the days chosen as the page reads them, with the page's filters", () => {
    expect(
      auditExportAsk(
        {
          ...NO_AUDIT_FILTERS,
          actor: 7,
          operation: 'POST /user/login',
          from: '2026-11-20',
          to: '2026-11-30',
        },
        'csv',
        HOBART,
        NOW,
      ),
    ).toEqual({
      format: 'csv',
      from: '2026-11-19T13:00:00.000Z',
      to: '2026-11-30T13:00:00.000Z',
      actor: 7,
      operation: 'POST /user/login',
    });
  });

  it('runs to now with no last day, and from 1,095 days before its end with no first day', () => {
    expect(auditExportAsk(NO_AUDIT_FILTERS, 'xlsx', HOBART, NOW)).toEqual({
      format: 'xlsx',
      from: '2023-11-30T02:00:00.000Z',
      to: '2026-11-29T02:00:00.000Z',
    });
    // A last day long past keeps the range inside the 1,100 days one export may cover.
    const { from, to } = auditExportAsk(
      { ...NO_AUDIT_FILTERS, to: '2020-06-30' },
      'csv',
      'UTC',
      NOW,
    );
    expect([from, to]).toEqual(['2017-07-02T00:00:00.000Z', '2020-07-01T00:00:00.000Z']);
  });

  it('narrows to one object, its kind overriding the kind chosen', () => {
    const ask = auditExportAsk(
      { ...NO_AUDIT_FILTERS, kind: 'radio', object: { kind: 'sensor', target: 31 } },
      'csv',
      HOBART,
      NOW,
    );
    expect(ask).toMatchObject({ kind: 'sensor', target: 31 });
  });
});

describe('paging and operations', () => {
  it.each([
    [0, 1],
    [50, 1],
    [51, 2],
    [1000, 20],
  ])('%i rows make %i pages', (total, pages) => {
    expect(auditPageCount(total)).toBe(pages);
  });

  it("offers the contract's changing calls as rows name them, a download and the worker's actions, and no other read", () => {
    const operations = auditOperations();
    expect(operations).toContain('PUT /areas/:areaId/alarms/:id');
    expect(operations).toContain('POST /user/login');
    expect(operations.filter((operation) => operation.startsWith('GET '))).toEqual([
      'GET /exports/:id/file',
    ]);
    expect(operations).toContain('program.started');
    expect(new Set(operations).size).toBe(operations.length);
  });
});
