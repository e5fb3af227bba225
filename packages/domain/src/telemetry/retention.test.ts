import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  isReadingPartitionExpired,
  monthStartUtc,
  rawReadingsKeptFrom,
  readingPartitionMonth,
  readingPartitionName,
  readingPartitionsDue,
  siteReadingRetentionMonths,
} from './retention.ts';
import { siteConfigBodySchema } from '../entities/site.ts';

const at = (iso: string) => Date.parse(iso);

describe('reading partitions', () => {
  it('are UTC calendar months, named by year and month', () => {
    const start = monthStartUtc(at('2026-11-28T23:59:59.999Z'));
    expect(new Date(start).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(readingPartitionName(start)).toBe('readings_y2026m11');
    expect(readingPartitionMonth('readings_y2026m11')).toBe(start);
  });

  it('reads no month from another table or a month 13', () => {
    expect(readingPartitionMonth('readings_default')).toBeNull();
    expect(readingPartitionMonth('readings_y2026m13')).toBeNull();
    expect(readingPartitionMonth('readings')).toBeNull();
  });

  it('steps months across a year, both ways', () => {
    expect(new Date(addMonthsUtc(at('2026-11-15T00:00:00Z'), 2)).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(new Date(addMonthsUtc(at('2026-01-31T00:00:00Z'), -1)).toISOString()).toBe(
      '2025-12-01T00:00:00.000Z',
    );
  });

  it('are due for this month and the three ahead', () => {
    expect(readingPartitionsDue(at('2026-11-28T10:00:00Z')).map(readingPartitionName)).toEqual([
      'readings_y2026m11',
      'readings_y2026m12',
      'readings_y2027m01',
      'readings_y2027m02',
    ]);
  });
});

describe('reading retention', () => {
  const now = at('2026-11-28T10:00:00Z');

  it('keeps a site whole months: 24 months on 28 November 2026 is from 1 November 2024', () => {
    expect(new Date(rawReadingsKeptFrom(now, 24)).toISOString()).toBe('2024-11-01T00:00:00.000Z');
  });

  it('is 24 months unless the site config says otherwise', () => {
    expect(siteReadingRetentionMonths({})).toBe(24);
    expect(siteReadingRetentionMonths({ readingRetentionMonths: 6 })).toBe(6);
  });

  it('expires a month only once it ends before the longest retention keeps', () => {
    expect(isReadingPartitionExpired(at('2024-10-01T00:00:00Z'), now, 24)).toBe(true);
    expect(isReadingPartitionExpired(at('2024-11-01T00:00:00Z'), now, 24)).toBe(false);
    // A site keeping 36 months holds October 2024 for everyone.
    expect(isReadingPartitionExpired(at('2024-10-01T00:00:00Z'), now, 36)).toBe(false);
    // No site yet: the default.
    expect(isReadingPartitionExpired(at('2024-10-01T00:00:00Z'), now, null)).toBe(true);
  });

  it('is a whole number of months from 1 to 1200 in a site config', () => {
    expect(siteConfigBodySchema.safeParse({ readingRetentionMonths: 12 }).success).toBe(true);
    for (const bad of [0, 1.5, 1201, '12']) {
      const result = siteConfigBodySchema.safeParse({ readingRetentionMonths: bad });
      expect(result.success, String(bad)).toBe(false);
    }
  });
});
