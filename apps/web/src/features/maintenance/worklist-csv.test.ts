import { CSV_BOM, csvField, toCsv, type MaintenanceWorklist } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { worklistCsv } from './worklist-csv.ts';

describe('csvField (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['Mühle', 'Mühle'],
    [3.31, '3.31'],
    [null, ''],
  ] as const)('%j → %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });
});

describe('toCsv', () => {
  it('starts with a byte-order mark and ends every line with CRLF', () => {
    expect(toCsv(['a', 'b'], [['c, d', null]])).toBe(`${CSV_BOM}a,b\r\n"c, d",\r\n`);
  });
});

describe('worklistCsv', () => {
  it('writes one row per device with its area, reasons in words', () => {
    const list: MaintenanceWorklist = {
      siteId: 1,
      generatedAt: '2026-11-21T09:00:00.000Z',
      withinDays: 30,
      areas: [
        {
          area: { id: 2, label: 'Block "A", north' },
          items: [
            {
              kind: 'radio',
              id: 5,
              serialno: 'R-1001',
              type: 'WVC',
              section: { id: 3, label: 'Zone 1' },
              reasons: ['overdue', 'lowBattery'],
              urgency: 100,
              overdue: true,
              fault: false,
              online: true,
              batteryValue: 3.21,
              signalValue: -80,
              missesValue: 0,
              lastUpdate: '2026-11-21T08:30:00.000Z',
              reportIntervalSeconds: 600,
              battery: null,
              signal: null,
              airtime: null,
            },
          ],
        },
      ],
    };
    const csv = worklistCsv(list, {
      heading: (column) => column,
      reason: (reason) =>
        ({ overdue: 'Overdue', lowBattery: 'Low battery' })[reason as string] ?? reason,
      noArea: 'No area',
      kind: (kind) => kind,
    });
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]?.split(',')[0]).toBe('area');
    expect(lines[1]).toBe(
      '"Block ""A"", north",radio,R-1001,WVC,Zone 1,Overdue; Low battery,100,3.21,,,,,-80,,0,true,2026-11-21T08:30:00.000Z,600',
    );
    expect(lines).toHaveLength(3);
  });
});
