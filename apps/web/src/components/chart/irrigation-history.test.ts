import { CSV_BOM, parseCsv } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  historyAdvancedCsv,
  historyCsv,
  monthDays,
  periodLabel,
  shapeHistory,
} from './irrigation-history.ts';
import { HISTORY_CSV_TITLES, monthlyHistory } from '../../testing/irrigation-history.ts';

const history = monthlyHistory(
  [
    { section: 2, label: 'Block 2', metered: false },
    { section: 1, label: 'Block 10', metered: true },
    { section: 3, label: 'Block 3, "east"', metered: false },
  ],
  [
    { period: '2026-11', section: 1, runs: 2, runtime: 90, applied: 7.5, target: 20, volume: 3.25 },
    { period: '2026-10', section: 2, runs: 1, runtime: 120, applied: 10, target: 12, volume: null },
    { period: '2026-10', section: 1, runs: 3, runtime: 240, applied: 20, target: 30, volume: 9.5 },
    {
      period: '2026-11',
      section: 3,
      runs: 1,
      runtime: 30,
      applied: 2.5,
      target: null,
      volume: null,
    },
  ],
);

const titles = HISTORY_CSV_TITLES;

describe('shapeHistory', () => {
  it('gives every period one bar per zone with data, zeros where the zone did not run', () => {
    const shape = shapeHistory(history);
    expect(shape.zones.map((zone) => zone.section)).toEqual([2, 1, 3]);
    expect(shape.bars.map((group) => group.map((bar) => [bar.section, bar.applied]))).toEqual([
      [
        [2, 0],
        [1, 0],
        [3, 0],
      ],
      [
        [2, 10],
        [1, 20],
        [3, 0],
      ],
      [
        [2, 0],
        [1, 7.5],
        [3, 2.5],
      ],
    ]);
    expect(shape.bars[1]?.[1]).toMatchObject({ zoneIndex: 1, target: 30, volume: 9.5, runs: 3 });
    expect([shape.maxDepth, shape.maxVolume]).toEqual([30, 9.5]);
  });

  it('leaves out zones with no row in the range', () => {
    const shape = shapeHistory({
      ...history,
      rows: history.rows.filter((row) => row.section === 1),
    });
    expect(shape.zones.map((zone) => zone.label)).toEqual(['Block 10']);
  });
});

describe('periods', () => {
  it.each([
    ['2026-10', 'en', 'Oct 2026'],
    ['2026-10-03', 'en', 'Oct 3'],
    ['2026-10-03', 'en-NZ', '3 Oct'],
    ['2026-03', 'de', 'März 2026'],
  ])('labels %s in %s as %s', (period, language, label) => {
    expect(periodLabel(period, language)).toBe(label);
  });

  it.each([
    ['2026-10', { from: '2026-10-01', to: '2026-11-01' }],
    ['2026-12', { from: '2026-12-01', to: '2027-01-01' }],
    ['2028-02', { from: '2028-02-01', to: '2028-03-01' }],
  ])('zooms %s into its days', (period, range) => {
    expect(monthDays(period)).toEqual(range);
  });
});

describe('exports', () => {
  it('csv: a row per zone and period, by period then zone, the numbers as the server gave them', () => {
    const text = historyCsv(history, titles);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(parseCsv(text)).toEqual([
      Object.values(titles),
      ['2026-10', 'Block 2', '1', '120', '10', '12', ''],
      ['2026-10', 'Block 10', '3', '240', '20', '30', '9.5'],
      ['2026-11', 'Block 10', '2', '90', '7.5', '20', '3.25'],
      ['2026-11', 'Block 3, "east"', '1', '30', '2.5', '', ''],
    ]);
  });

  it('advanced csv: zone id, local period bounds with their offset, and applied − target', () => {
    const rows = parseCsv(
      historyAdvancedCsv(
        {
          ...history,
          interval: 'day',
          rows: history.rows
            .slice(0, 2)
            .map((row, i) => ({ ...row, period: i === 0 ? '2026-09-27' : '2026-10-31' })),
        },
        { ...titles, section: 'Zone id', start: 'Start', end: 'End', difference: 'Difference' },
      ),
    );
    expect(rows.slice(1)).toEqual([
      // 27 September 2026: New Zealand daylight time starts at 02:00, so the day has 23 hours.
      [
        '1',
        'Block 10',
        '2026-09-27T00:00:00+12:00',
        '2026-09-28T00:00:00+13:00',
        '2',
        '90',
        '7.5',
        '20',
        '-12.5',
        '3.25',
      ],
      [
        '2',
        'Block 2',
        '2026-10-31T00:00:00+13:00',
        '2026-11-01T00:00:00+13:00',
        '1',
        '120',
        '10',
        '12',
        '-2',
        '',
      ],
    ]);
  });
});
