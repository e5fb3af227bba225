/**
 * The generic report (§3 generic): chosen series of a site over a range, as every reading (raw)
 * or as hourly or site-local daily rollups (lowest, highest, average, readings; from the 30-minute
 * rollups ingest keeps). The csv is written as it is read, a batch of readings at a time by key
 * (series, time), so a three-year export of fifty 10-minute series is made with bounded memory;
 * the pdf and xlsx are built whole and so are held to GENERIC_DOCUMENT_MAX_ROWS.
 */
import type {
  GenericResolution,
  ReportCell,
  ReportColumn,
  ReportDocument,
  ReportSeries,
  ReportTable,
} from '@paddock/domain';
// The csv writer by its own path: a csv export need not load the whole domain package.
import { csvField, CSV_BOM } from '@paddock/domain/csv';
import type { Database } from '../db/client.ts';
import { isoWithOffset, localDay } from './local-day.ts';
import { readReportSite, toMs, type ReportRange, type ReportSite } from './report-site.ts';
import { chosenSeriesRows, readingBatchRows, rollupRows } from './report.repository.ts';

/** Readings read per statement while streaming. */
const BATCH = 10_000;
/**
 * Lines handed to the file at once: some 60 kB of text, below the size V8 allocates in its old
 * generation straight away.
 */
const LINES_PER_WRITE = 1000;
/** Decision: rows a generic pdf or xlsx may hold (a csv has no limit). */
const GENERIC_DOCUMENT_MAX_ROWS = 200_000;

export type ResolvedSeries = ReportSeries & { id: number; label: string };

/**
 * The chosen series of the site, with their ids and things' labels; null for one the site does
 * not have (index in the request, for a field error).
 */
export async function resolveSeries(
  db: Database,
  siteId: number,
  chosen: readonly ReportSeries[],
): Promise<{ found: ResolvedSeries[]; missing: number[] }> {
  const rows = await chosenSeriesRows(db, siteId, chosen);
  const byKey = new Map(
    rows.map((row) => [`${row.thing_type} ${row.thing_id} ${row.metric}`, row]),
  );
  const found: ResolvedSeries[] = [];
  const missing: number[] = [];
  chosen.forEach((one, index) => {
    const row = byKey.get(`${one.thing.type} ${one.thing.id} ${one.metric}`);
    if (!row) missing.push(index);
    else
      found.push({
        ...one,
        id: Number(row.id),
        label: row.label ?? `${one.thing.type} ${one.thing.id}`,
      });
  });
  return { found, missing };
}

const RAW_COLUMNS: readonly ReportColumn[] = [
  { header: 'Time', kind: 'time' },
  { header: 'Thing', kind: 'text' },
  { header: 'Metric', kind: 'text' },
  { header: 'Value', kind: 'number' },
];
const ROLLUP_COLUMNS: readonly ReportColumn[] = [
  { header: 'Start', kind: 'time' },
  { header: 'Thing', kind: 'text' },
  { header: 'Metric', kind: 'text' },
  { header: 'Lowest', kind: 'number' },
  { header: 'Highest', kind: 'number' },
  { header: 'Average', kind: 'number' },
  { header: 'Readings', kind: 'number', digits: 0 },
];

/**
 * One series' readings in time order, a batch at a time by key (after the last time read). Times
 * as epoch milliseconds: cheaper to carry and format than the driver's Date.
 */
async function* readingBatches(
  db: Database,
  seriesId: number,
  range: ReportRange,
): AsyncGenerator<{ ms: number; value: number }[]> {
  let after = range.from.getTime();
  let first = true;
  const to = range.to.toISOString();
  for (;;) {
    const since = new Date(after).toISOString();
    const rows = await readingBatchRows(db, seriesId, { since, first, to, limit: BATCH });
    if (rows.length === 0) return;
    first = false;
    after = Number(rows[rows.length - 1]?.ms ?? range.to.getTime());
    yield rows;
    if (rows.length < BATCH) return;
  }
}

/** One series' rows, a batch at a time: readings by key, or rollups folded into hours or days. */
async function* seriesRows(
  db: Database,
  series: ResolvedSeries,
  resolution: GenericResolution,
  range: ReportRange,
  timeZone: string,
): AsyncGenerator<ReportCell[][]> {
  if (resolution === 'raw') {
    for await (const rows of readingBatches(db, series.id, range)) {
      yield rows.map((row) => [
        new Date(Number(row.ms)),
        series.label,
        series.metric,
        Number(row.value),
      ]);
    }
    return;
  }
  const rows = await rollupRows(db, series.id, range);
  type Fold = { start: number; count: number; sum: number; min: number; max: number };
  const folds: Fold[] = [];
  let key = '';
  for (const row of rows) {
    const time = toMs(row.bucket);
    // Hours by the clock (the site's offset is whole hours); days by the site's calendar.
    const rowKey =
      resolution === 'hour' ? String(Math.floor(time / 3_600_000)) : localDay(time, timeZone);
    const current = folds[folds.length - 1];
    if (current && rowKey === key) {
      current.count += Number(row.count);
      current.sum += Number(row.sum);
      current.min = Math.min(current.min, Number(row.min));
      current.max = Math.max(current.max, Number(row.max));
    } else {
      key = rowKey;
      folds.push({
        start: time,
        count: Number(row.count),
        sum: Number(row.sum),
        min: Number(row.min),
        max: Number(row.max),
      });
    }
  }
  const start = (fold: Fold) =>
    resolution === 'hour' ? Math.floor(fold.start / 3_600_000) * 3_600_000 : fold.start;
  yield folds.map((fold) => [
    new Date(start(fold)),
    series.label,
    series.metric,
    fold.min,
    fold.max,
    fold.count > 0 ? fold.sum / fold.count : null,
    fold.count,
  ]);
}

export type GenericAsk = {
  siteId: number;
  series: ResolvedSeries[];
  resolution: GenericResolution;
} & ReportRange;

/**
 * The csv, written as it is read: BOM and header, then each series' rows in time order, each
 * batch handed to `write` before the next is read.
 */
export async function writeGenericCsv(
  db: Database,
  ask: GenericAsk,
  write: (text: string) => Promise<void>,
  onProgress: (percent: number) => Promise<void>,
): Promise<ReportSite> {
  const site = await readReportSite(db, ask.siteId, null);
  const columns = ask.resolution === 'raw' ? RAW_COLUMNS : ROLLUP_COLUMNS;
  await write(
    `${CSV_BOM}${columns.map((column) => csvField(titleOf(column, site.timeZone))).join(',')}\r\n`,
  );
  for (const [index, series] of ask.series.entries()) {
    if (ask.resolution === 'raw') {
      // Every reading is a line straight from the driver's row: no cells, no Date, so the
      // garbage a batch leaves is its rows and its text.
      const thing = `,${csvField(series.label)},${csvField(series.metric)},`;
      for await (const rows of readingBatches(db, series.id, ask)) {
        let text = '';
        for (let at = 0; at < rows.length; at++) {
          const row = rows[at] as (typeof rows)[number];
          text += `${isoWithOffset(Number(row.ms), site.timeZone)}${thing}${csvField(Number(row.value))}\r\n`;
          // Handed on in short texts: a long one would be made in the old generation at once.
          if ((at + 1) % LINES_PER_WRITE === 0) {
            await write(text);
            text = '';
          }
        }
        if (text) await write(text);
      }
      await onProgress(Math.round(5 + (90 * (index + 1)) / ask.series.length));
      continue;
    }
    for await (const rows of seriesRows(db, series, ask.resolution, ask, site.timeZone)) {
      let text = '';
      for (const row of rows) {
        text += `${row
          .map((cell) =>
            csvField(cell instanceof Date ? isoWithOffset(cell.getTime(), site.timeZone) : cell),
          )
          .join(',')}\r\n`;
      }
      await write(text);
    }
    await onProgress(Math.round(5 + (90 * (index + 1)) / ask.series.length));
  }
  return site;
}

const titleOf = (column: ReportColumn, timeZone: string) =>
  column.kind === 'time' ? `${column.header} (ISO 8601, ${timeZone})` : column.header;

/** The pdf's and xlsx's content: a table per series (a sheet each), the first series charted. */
export async function genericDocument(
  db: Database,
  ask: GenericAsk,
  onProgress: (percent: number) => Promise<void>,
): Promise<ReportDocument> {
  const site = await readReportSite(db, ask.siteId, null);
  const columns = ask.resolution === 'raw' ? RAW_COLUMNS : ROLLUP_COLUMNS;
  const tables: ReportTable[] = [];
  let total = 0;
  const used = new Set<string>();
  for (const [index, series] of ask.series.entries()) {
    const rows: ReportCell[][] = [];
    for await (const batch of seriesRows(db, series, ask.resolution, ask, site.timeZone)) {
      total += batch.length;
      if (total > GENERIC_DOCUMENT_MAX_ROWS) {
        throw new ReportTooLarge(
          `More than ${GENERIC_DOCUMENT_MAX_ROWS} rows: choose csv, or hourly or daily values`,
        );
      }
      rows.push(...batch);
    }
    let name = `${series.label} ${series.metric}`.replace(/[*?:\\/[\]]/g, ' ').slice(0, 28);
    while (used.has(name)) name = `${name.slice(0, 26)}${used.size}`;
    used.add(name);
    tables.push({ name, columns, rows });
    await onProgress(Math.round(5 + (70 * (index + 1)) / ask.series.length));
  }
  const first = tables[0];
  const valueAt = ask.resolution === 'raw' ? 3 : 5;
  return {
    title: 'Series export',
    site: site.label,
    area: `${ask.series.length} series, ${ask.resolution === 'raw' ? 'every reading' : ask.resolution === 'hour' ? 'hourly' : 'daily'}`,
    timeZone: site.timeZone,
    from: ask.from,
    to: ask.to,
    notes: [`Times in ${site.timeZone}.`],
    tables,
    chart: first
      ? {
          title: first.name,
          unit: ask.series[0]?.metric ?? '',
          lines: [
            {
              label: first.name,
              points: first.rows.flatMap((row) => {
                const time = row[0];
                const value = row[valueAt];
                return time instanceof Date && typeof value === 'number'
                  ? [[time.getTime(), value] as const]
                  : [];
              }),
            },
          ],
        }
      : undefined,
  };
}

/** A report that cannot be made as asked: its message is the user's. */
export class ReportTooLarge extends Error {}
