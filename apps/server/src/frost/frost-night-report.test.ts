/**
 * The frost report kinds `events` and `frostExplorer` end to end on the server: events, alarms and
 * a frost night's readings in the database → the export made by the worker as csv, xlsx and pdf,
 * each read back with an independent reader and compared with the rows seeded here.
 */
import { parseCsv } from '@paddock/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { addAlarm } from '../../test/helpers/alarms.ts';
import {
  MIN,
  NIGHT,
  T0,
  addFrostSensor,
  exportFrostNight,
  pdfText,
  pdftotextAvailable,
  useFrostReportApp,
} from '../../test/helpers/frost-kit.ts';

let fan2 = 0;

const FAN1 = {
  'fan.rpm': [0, 2300, 2350, 2340, 0, 0],
  'fan.canopyTemperature': [2.4, 1.6, 0.4, 1.9, 3.2, 3.5],
  'fan.towerTemperature': [5, 5.2, 4.8, 4.5, 4.4, 4.6],
  'fan.windSpeed': [2, 3, 2, 4, 3, 2],
};
const FAN2 = {
  'fan.rpm': [0, 0, 2300, 2310, 2290, 0],
  'fan.canopyTemperature': [3.1, 2.9, 2.6, 1.5, 2.2, 3.9],
};
/** The block sensor (a canopy temperature sensor of the area, no fan). */
const BLOCK = { temperature: [2.0, 1.2, 0.1, 0.9, 2.8, 3.0] };

const testApp = useFrostReportApp(async (started) => {
  /** A sensor of the frost area with its readings every 10 minutes from T0. */
  const addSensor = (
    label: string,
    type: 'external' | 'temperature',
    values: Record<string, number[]>,
  ) => addFrostSensor(started, { label, serialno: `S-${label}`, type, values });
  const { db, farm } = started;
  const fan1 = await addSensor('Fan 1 Ōhiwa', 'external', FAN1);
  fan2 = await addSensor('Fan 2', 'external', FAN2);
  await addSensor('Block 3 canopy', 'temperature', BLOCK);
  // Inactive, so no rule runs: the events below are its record.
  const alarm = await addAlarm(db, farm, {
    areaId: farm.areas.frost.id,
    active: false,
    rule: {} as never,
    label: 'Fan 1 should be running',
  });
  const at = (minutes: number) => new Date(T0 + minutes * MIN);
  await db.insert(t.events).values([
    {
      areaId: farm.areas.frost.id,
      type: 'warning',
      targetType: 'sensor',
      targetId: fan2,
      message: 'Fuel low',
      open: true,
      createdAt: at(5),
    },
    {
      areaId: farm.areas.frost.id,
      type: 'error',
      targetType: 'sensor',
      targetId: fan1,
      message: 'Alarm: Fan 1 should be running: canopy 0.4 °C, 0 rpm',
      open: false,
      alarmId: alarm.id,
      createdAt: at(15),
      acknowledgedAt: at(20),
      acknowledgedBy: 'Ana Ngata',
    },
    {
      areaId: farm.areas.frost.id,
      type: 'info',
      targetType: 'sensor',
      targetId: fan1,
      message: 'Alarm cleared: Fan 1 should be running',
      open: false,
      alarmId: alarm.id,
      createdAt: at(25),
    },
    // Outside the range, and of another area: not in the report.
    {
      areaId: farm.areas.frost.id,
      type: 'warning',
      message: 'A later night',
      createdAt: at(2 * 24 * 60),
    },
    {
      areaId: farm.areas.irrigation.id,
      type: 'error',
      message: 'Another area',
      createdAt: at(10),
    },
  ]);
});

async function exportFile(
  kind: 'events' | 'frostExplorer',
  format: 'csv' | 'xlsx' | 'pdf',
  extra: Record<string, unknown> = {},
) {
  const { file } = await exportFrostNight(testApp(), { kind, format, ...extra }, (request) =>
    expect(request.kind).toBe(kind),
  );
  const name = kind === 'events' ? 'frost-events' : 'frost-explorer';
  expect(file.headers['content-disposition']).toContain(`${name}-frost-fans-`);
  return file.rawPayload;
}

async function workbook(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** Index i of the seeded readings: T0 + i × 10 minutes, as the site's clock reads it. */
const localAt = (i: number) => `2026-11-21T02:${String(i * 10).padStart(2, '0')}:00+13:00`;
const mean = (...values: number[]) =>
  Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10;

describe('the kind at the boundary', () => {
  it('refuses a kind that is not a frost report kind, naming kind', async () => {
    const { as, farm } = testApp();
    const response = await as(farm.users.admin.id, {
      method: 'POST',
      url: '/api/exports',
      payload: {
        report: 'frostReport',
        kind: 'weatherReport',
        format: 'csv',
        area: farm.areas.frost.id,
        ...NIGHT,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'kind' });
  });
});

describe('frost events report', () => {
  it('writes the area’s events of the range as csv, alarm events with their alarm', async () => {
    const [header, ...rows] = parseCsv((await exportFile('events', 'csv')).toString('utf8'));
    expect(header).toEqual([
      'Time',
      'Type',
      'Target',
      'Alarm',
      'Message',
      'State',
      'Acknowledged',
      'Acknowledged by',
    ]);
    expect(rows).toEqual([
      ['2026-11-21T02:05:00+13:00', 'warning', 'Fan 2', '', 'Fuel low', 'open', '', ''],
      [
        '2026-11-21T02:15:00+13:00',
        'error',
        'Fan 1 Ōhiwa',
        'Fan 1 should be running',
        'Alarm: Fan 1 should be running: canopy 0.4 °C, 0 rpm',
        'closed',
        '2026-11-21T02:20:00+13:00',
        'Ana Ngata',
      ],
      [
        '2026-11-21T02:25:00+13:00',
        'info',
        'Fan 1 Ōhiwa',
        'Fan 1 should be running',
        'Alarm cleared: Fan 1 should be running',
        'closed',
        '',
        '',
      ],
    ]);
  });

  it('narrowed to a fan, keeps the events of that fan', async () => {
    const [, ...rows] = parseCsv(
      (await exportFile('events', 'csv', { things: [fan2] })).toString('utf8'),
    );
    expect(rows.map((row) => row[4])).toEqual(['Fuel low']);
  });

  it('writes the events and the count per night as xlsx', async () => {
    const book = await workbook(await exportFile('events', 'xlsx'));
    const events = book.getWorksheet('Events');
    expect(events?.getCell('A1').value).toBe('Time (Pacific/Auckland)');
    expect((events?.getCell('A3').value as Date).toISOString()).toBe('2026-11-21T02:15:00.000Z');
    expect(events?.getCell('H3').value).toBe('Ana Ngata');
    expect(events?.rowCount).toBe(4);
    const nights = book.getWorksheet('Nights');
    expect((nights?.getCell('A2').value as Date).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    // Three events: one warning, one error, two of them the alarm's.
    expect([2, 3, 4, 5].map((column) => nights?.getRow(2).getCell(column).value)).toEqual([
      3, 1, 1, 2,
    ]);
  });

  it.skipIf(!pdftotextAvailable())('writes the events as pdf', async () => {
    const text = pdfText(await exportFile('events', 'pdf'));
    expect(text).toContain('Frost events');
    expect(text).toMatch(/2026-11-21 02:15\+13:00\s+error\s+Fan 1 Ōhiwa/);
    expect(text).toContain('Ana Ngata');
    expect(text).not.toContain('A later night');
    expect(text).not.toContain('Another area');
  });
});

describe('frost explorer report', () => {
  /** The step of index i as the readings make it: canopy of both fans' probes and the block. */
  const step = (i: number) => {
    const canopy = [
      FAN1['fan.canopyTemperature'][i] as number,
      FAN2['fan.canopyTemperature'][i] as number,
      BLOCK.temperature[i] as number,
    ];
    return {
      lowest: Math.min(...canopy),
      mean: mean(...canopy),
      tower: FAN1['fan.towerTemperature'][i] as number,
      wind: FAN1['fan.windSpeed'][i] as number,
    };
  };

  it('writes the night in 10-minute steps as csv, with the fans that ran', async () => {
    const [header, ...rows] = parseCsv((await exportFile('frostExplorer', 'csv')).toString('utf8'));
    expect(header).toEqual([
      'Time',
      'Canopy lowest (°C)',
      'Canopy mean (°C)',
      'Tower mean (°C)',
      'Wind highest (km/h)',
      'Fans running',
      'Running',
    ]);
    // The night in 10-minute steps, from its first reading to its last.
    expect(rows.map((cells) => cells[0])).toEqual([0, 1, 2, 3, 4, 5].map(localAt));
    const row = (i: number) => rows[i];
    // Fan 1 ran from 02:10 to 02:40, fan 2 from 02:20 to 02:50.
    const running = ['', 'Fan 1 Ōhiwa', 'Fan 1 Ōhiwa, Fan 2', 'Fan 1 Ōhiwa, Fan 2', 'Fan 2', ''];
    for (let i = 0; i < 6; i++) {
      const expected = step(i);
      expect(row(i)).toEqual([
        localAt(i),
        String(expected.lowest),
        String(expected.mean),
        String(expected.tower),
        String(expected.wind),
        String(running[i]?.split(', ').filter(Boolean).length),
        running[i],
      ]);
    }
  });

  it('takes the night the range starts in when the range is longer', async () => {
    const book = await workbook(
      await exportFile('frostExplorer', 'xlsx', {
        from: NIGHT.from,
        to: '2026-11-23T23:00:00.000Z',
      }),
    );
    // The report says it covers local noon to noon of the first night.
    const about = book.getWorksheet('Report');
    expect((about?.getCell('B4').value as Date).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect((about?.getCell('B5').value as Date).toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(book.getWorksheet('Night')?.rowCount).toBe(7);
  });

  it('writes the steps and the runs as xlsx', async () => {
    const book = await workbook(await exportFile('frostExplorer', 'xlsx'));
    const night = book.getWorksheet('Night');
    expect(night?.getCell('B1').value).toBe('Canopy lowest (°C)');
    // Row 1 is the header, then a row per step from the first reading (step 0 at 02:00).
    const row = night?.getRow(2 + 2);
    expect((row?.getCell(1).value as Date).toISOString()).toBe('2026-11-21T02:20:00.000Z');
    expect([2, 3, 4, 5, 6].map((column) => row?.getCell(column).value)).toEqual([
      step(2).lowest,
      step(2).mean,
      step(2).tower,
      step(2).wind,
      2,
    ]);
    const runs = book.getWorksheet('Runs');
    expect(runs?.rowCount).toBe(3);
    expect(runs?.getCell('A2').value).toBe('Fan 1 Ōhiwa');
    expect((runs?.getCell('B2').value as Date).toISOString()).toBe('2026-11-21T02:10:00.000Z');
    expect((runs?.getCell('C2').value as Date).toISOString()).toBe('2026-11-21T02:40:00.000Z');
    expect(runs?.getCell('E2').value).toBe(FAN1['fan.canopyTemperature'][1]);
  });

  it.skipIf(!pdftotextAvailable())(
    'writes the night as pdf with its chart and the start and stop temperatures',
    async () => {
      const text = pdfText(await exportFile('frostExplorer', 'pdf'));
      expect(text).toContain('Frost explorer');
      expect(text).toContain('Canopy and tower (°C)');
      // Hawke's Bay takes the Western Bay of Plenty default: start at or below 2 °C, stop by 4 °C.
      expect(text).toContain('Start at or below 2 °C');
      expect(text).toContain('Stop by 4 °C');
      const expected = step(2);
      expect(text).toMatch(
        new RegExp(
          `2026-11-21 02:20\\+13:00\\s+${expected.lowest.toFixed(1)}\\s+${expected.mean.toFixed(1)}\\s+` +
            `${expected.tower.toFixed(1)}\\s+${expected.wind.toFixed(1)}\\s+2\\s+Fan 1 Ōhiwa, Fan 2`,
        ),
      );
    },
  );
});
