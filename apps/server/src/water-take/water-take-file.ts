/**
 * A consent's water-take file for a day or a range (docs/water-take.md "File"): each meter's
 * readings of its running total (`water.total`, the series water meters report) turned into the
 * 15-minute intervals of each local day, written as csv (RFC 4180, UTF-8 with a byte order mark)
 * or xlsx (exceljs: numbers as numbers, a frozen header row, a first sheet about the consent).
 */
import {
  buildWaterTakeDay,
  datesBetween,
  QUALITY_NAMES,
  readingWindow,
  toCsv,
  WATER_TAKE_COLUMNS,
  waterTakeRows,
  waterYearOf,
  type MeterReading,
  type QualityCode,
  type WaterConsent,
  type WaterTakeMeterDay,
} from '@paddock/domain';
import ExcelJS from 'exceljs';
import type { Database } from '../db/client.ts';
import { meterTotalRows } from './water-take-day.repository.ts';

async function readMeterReadings(
  db: Database,
  sensorId: number,
  window: { from: number; to: number },
): Promise<MeterReading[]> {
  const rows = await meterTotalRows(db, sensorId, window);
  return rows.map((row) => ({ time: new Date(row.time).getTime(), total: Number(row.value) }));
}

/** Every meter's day for each date of from..to, meter by meter. */
export async function consentMeterDays(
  db: Database,
  consent: WaterConsent,
  timeZone: string,
  from: string,
  to: string,
): Promise<WaterTakeMeterDay[]> {
  const dates = datesBetween(from, to);
  const days: WaterTakeMeterDay[] = [];
  for (const meter of consent.meters) {
    const readings = await readMeterReadings(db, meter.sensor, readingWindow(from, timeZone, to));
    for (const date of dates) {
      days.push({
        meter,
        day: buildWaterTakeDay({
          date,
          timeZone,
          readings,
          verifiedOn: meter.verifiedOn,
          maxRateLps: consent.maxRateLps,
          maxDailyVolumeM3: consent.maxDailyVolumeM3,
        }),
      });
    }
  }
  return days;
}

export function waterTakeFileName(consent: WaterConsent, from: string, to: string, ext: string) {
  const safe = consent.consentNumber.replace(/[^A-Za-z0-9._-]/g, '_');
  return `water-take-${safe}-${from}${to === from ? '' : `_${to}`}.${ext}`;
}

export function renderWaterTakeCsv(consent: WaterConsent, days: WaterTakeMeterDay[]): string {
  return toCsv(WATER_TAKE_COLUMNS, waterTakeRows(consent.consentNumber, days));
}

/** The worst code and the volume over the meters' days (what the days list shows). */
export function summarise(days: readonly WaterTakeMeterDay[]): {
  volume: number;
  quality: QualityCode | null;
} {
  let volume = 0;
  let quality: QualityCode | null = null;
  for (const { day } of days) {
    volume += day.total.volume;
    quality =
      quality === null ? day.total.quality : (Math.min(quality, day.total.quality) as QualityCode);
  }
  return { volume: Math.round(volume * 1000) / 1000, quality };
}

const NUMBER_COLUMNS = new Set(['Volume (m3)', 'Meter start (m3)', 'Meter end (m3)']);

export async function renderWaterTakeXlsx(
  consent: WaterConsent,
  site: { label: string; timeZone: string },
  range: { from: string; to: string },
  days: WaterTakeMeterDay[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Paddock';
  workbook.created = new Date(0);
  const about = workbook.addWorksheet('Consent');
  about.addRows([
    ['Consent', consent.consentNumber],
    ['Label', consent.label ?? ''],
    ['Site', site.label],
    ['Time zone', site.timeZone],
    ['From', range.from],
    ['To', range.to],
    ['Water year', waterYearOf(range.from).label],
    ['Maximum rate (L/s)', consent.maxRateLps ?? ''],
    ['Maximum daily volume (m3)', consent.maxDailyVolumeM3 ?? ''],
    ...consent.meters.map((meter) => [
      `Meter ${meter.label}`,
      `serial ${meter.serialno ?? '—'}, verified ${meter.verifiedOn ?? 'never'}`,
    ]),
    [],
    ['Quality codes (NEMS)'],
    ...Object.entries(QUALITY_NAMES)
      .sort(([a], [b]) => Number(b) - Number(a))
      .map(([code, name]) => [Number(code), name]),
  ]);
  about.getColumn(1).width = 28;
  about.getColumn(2).width = 60;

  const sheet = workbook.addWorksheet('Water take', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = WATER_TAKE_COLUMNS.map((header) => ({
    header,
    width: Math.max(12, header.length + 2, header === 'Start' || header === 'End' ? 27 : 0),
    style: NUMBER_COLUMNS.has(header) ? { numFmt: '0.000' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of waterTakeRows(consent.consentNumber, days)) {
    // An empty cell, not an empty string, where the volume is not known.
    sheet.addRow(row.map((cell) => (cell === null || cell === undefined ? null : cell)));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
