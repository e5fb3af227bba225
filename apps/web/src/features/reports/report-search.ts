/**
 * The Reports page's search (issue 17): what report, of what, over which days, in which format.
 * Pure: the form's state, its per-field validation, the POST exports body it makes (days read in
 * the site's timezone), the body that re-runs an earlier export, and the `lastReportSearch`
 * preference it is remembered as (§3).
 *
 * Days are whole days of the site's wall clock: `from` is 00:00 of the first day, `to` 00:00 of
 * the day after the last, so a report of 1–7 March covers seven local days whatever the browser's
 * zone is.
 */
import {
  exportFormatSchema,
  frostReportFileKindSchema,
  genericResolutionSchema,
  GENERIC_MAX_SERIES,
  maxRangeDays,
  REPORT_MAX_THINGS,
  reportSeriesSchema,
  reportTypeSchema,
  zonedDateTime,
  zonedTimeToInstant,
  type ExportCreateBody,
  type ExportFormat,
  type FrostReportFileKind,
  type GenericResolution,
  type ReportEvery,
  type ReportExport,
  type ReportSeries,
  type ReportType,
  type ScheduledReportCreateBody,
} from '@paddock/domain';

export const REPORT_TYPES: readonly ReportType[] = [
  'irrigationReport',
  'waterReport',
  'frostReport',
  'generic',
];
export const REPORT_FORMATS: readonly ExportFormat[] = ['pdf', 'xlsx', 'csv'];

export interface ReportSearch {
  readonly report: ReportType;
  /** The frost report's kind (frostReport only). */
  readonly kind: FrostReportFileKind;
  /** Narrowed to one area; null is the whole site. */
  readonly area: number | null;
  /** Narrowed to these things (zones, meters and tanks); empty is every thing in scope. */
  readonly things: readonly number[];
  /** The generic report's series. */
  readonly series: readonly ReportSeries[];
  readonly resolution: GenericResolution;
  /** First day, YYYY-MM-DD in the site's timezone. */
  readonly fromDay: string;
  /** Last day (included), YYYY-MM-DD in the site's timezone. */
  readonly toDay: string;
  readonly format: ExportFormat;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of `instant` on the site's wall clock. */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  const { year, month, day } = zonedDateTime(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar day as numbers, or null when the text is no real day (2026-02-30 is none). */
function parseDay(text: string): { year: number; month: number; day: number } | null {
  const match = DAY_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Days from `from` to `to`, both included (calendar days, whatever the zone's clock changes). */
function daysCovered(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) return 0;
  return (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS + 1;
}

/** 00:00 of `day` on the site's wall clock, as an ISO instant. */
function startOfDay(day: string, timeZone: string, plusDays = 0): string {
  const parsed = parseDay(day);
  if (!parsed) throw new RangeError(`not a day: ${day}`);
  const next = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + plusDays));
  return zonedTimeToInstant(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    timeZone,
  ).toISOString();
}

/** A new search: an irrigation report of the whole site over the last seven whole days, as pdf. */
export function defaultReportSearch(now: Date, timeZone: string): ReportSearch {
  const today = dayInTimeZone(now, timeZone);
  return {
    report: 'irrigationReport',
    kind: 'frostCompliance',
    area: null,
    things: [],
    series: [],
    resolution: 'hour',
    fromDay: addDays(today, -7),
    toDay: addDays(today, -1),
    format: 'pdf',
  };
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const parsed = parseDay(day);
  if (!parsed) return day;
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + days))
    .toISOString()
    .slice(0, 10);
}

/** The fields a message can stand beside. */
export type ReportField = 'area' | 'things' | 'series' | 'fromDay' | 'toDay';

/** A field's problem: a translation key and its values. */
export interface FieldProblem {
  readonly key: string;
  readonly values?: Readonly<Record<string, number>>;
}
export type ReportSearchErrors = Partial<Record<ReportField, FieldProblem>>;

/** Per field, what stops the search from being asked for; empty when it can be. */
export function validateReportSearch(search: ReportSearch): ReportSearchErrors {
  const errors: { -readonly [F in ReportField]?: FieldProblem } = {};
  const from = parseDay(search.fromDay);
  const to = parseDay(search.toDay);
  if (search.fromDay === '') errors.fromDay = { key: 'Reports.Error.FromRequired' };
  else if (!from) errors.fromDay = { key: 'Reports.Error.NotADay' };
  if (search.toDay === '') errors.toDay = { key: 'Reports.Error.ToRequired' };
  else if (!to) errors.toDay = { key: 'Reports.Error.NotADay' };
  if (from && to) {
    const days = daysCovered(search.fromDay, search.toDay);
    const most = maxRangeDays(search.report);
    if (days < 1) errors.toDay = { key: 'Reports.Error.ToBeforeFrom' };
    else if (days > most) errors.toDay = { key: 'Reports.Error.TooLong', values: { days: most } };
  }
  if (search.report === 'frostReport' && search.area === null) {
    errors.area = { key: 'Reports.Error.FrostAreaRequired' };
  }
  if (search.report === 'generic') {
    if (search.series.length === 0) errors.series = { key: 'Reports.Error.SeriesRequired' };
    else if (search.series.length > GENERIC_MAX_SERIES) {
      errors.series = { key: 'Reports.Error.TooManySeries', values: { count: GENERIC_MAX_SERIES } };
    }
  }
  if (search.things.length > REPORT_MAX_THINGS) {
    errors.things = { key: 'Reports.Error.TooManyThings', values: { count: REPORT_MAX_THINGS } };
  }
  return errors;
}

export function hasErrors(errors: ReportSearchErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The POST exports body of a valid search of `site`; the range is the days in `timeZone`. */
export function exportBodyOf(
  search: ReportSearch,
  site: number,
  timeZone: string,
): ExportCreateBody {
  const range = {
    from: startOfDay(search.fromDay, timeZone),
    to: startOfDay(search.toDay, timeZone, 1),
  };
  const scope = {
    site,
    format: search.format,
    ...(search.things.length > 0 ? { things: [...search.things] } : {}),
    ...range,
  };
  switch (search.report) {
    case 'frostReport':
      if (search.area === null) throw new Error('a frost report needs its area');
      return { report: 'frostReport', kind: search.kind, ...scope, area: search.area };
    case 'generic':
      return {
        report: 'generic',
        ...scope,
        ...(search.area !== null ? { area: search.area } : {}),
        series: search.series.map((entry) => ({ thing: { ...entry.thing }, metric: entry.metric })),
        resolution: search.resolution,
      };
    case 'irrigationReport':
    case 'waterReport':
      return {
        report: search.report,
        ...scope,
        ...(search.area !== null ? { area: search.area } : {}),
      };
    case 'audit':
      // The whole site's log, csv or xlsx (the form does not offer it: the audit page asks for it,
      // data/exports/audit-export.ts).
      return { report: 'audit', site, format: search.format === 'xlsx' ? 'xlsx' : 'csv', ...range };
  }
}

/**
 * A scheduled report's body: what the search reports on (not its days: each email covers the
 * last whole week or month), sent to `contact` every week or month.
 */
export function scheduleBodyOf(
  search: ReportSearch,
  site: number,
  contact: number,
  every: ReportEvery,
): ScheduledReportCreateBody {
  // The choice is the export body without its range; the site is the path's and stays.
  const choice: Partial<ExportCreateBody> = { ...exportBodyOf(search, site, 'UTC') };
  delete choice.from;
  delete choice.to;
  return { ...choice, contact, every } as ScheduledReportCreateBody;
}

/** The body that asks for `item` again: the same report, scope, range and format, made anew. */
export function rerunBody(item: ReportExport): ExportCreateBody {
  const scope = {
    site: item.site,
    format: item.format,
    from: item.from,
    to: item.to,
    ...(item.things.length > 0 ? { things: [...item.things] } : {}),
    ...(item.area !== null ? { area: item.area } : {}),
  };
  switch (item.report) {
    case 'frostReport':
      if (item.area === null) throw new Error('a frost report has its area');
      return {
        report: 'frostReport',
        kind: item.kind ?? 'frostCompliance',
        ...scope,
        area: item.area,
      };
    case 'generic':
      return {
        report: 'generic',
        ...scope,
        series: item.series ?? [],
        resolution: item.resolution ?? 'raw',
      };
    case 'irrigationReport':
    case 'waterReport':
      return { report: item.report, ...scope };
    case 'audit':
      return {
        report: 'audit',
        site: item.site,
        format: item.format === 'xlsx' ? 'xlsx' : 'csv',
        from: item.from,
        to: item.to,
        ...item.audit,
      };
  }
}

/** The days an export covers, as its search showed them (the last day is the one before `to`). */
export function exportDays(
  item: Pick<ReportExport, 'from' | 'to'>,
  timeZone: string,
): { fromDay: string; toDay: string } {
  return {
    fromDay: dayInTimeZone(new Date(item.from), timeZone),
    toDay: dayInTimeZone(new Date(Date.parse(item.to) - 1), timeZone),
  };
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
const fits = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

/** The stored form (§3 lastReportSearch): the search and the site it was made on. */
function readStored(json: unknown): (ReportSearch & { site: number }) | null {
  if (typeof json !== 'object' || json === null) return null;
  const value = json as Record<string, unknown>;
  const ok =
    isId(value.site) &&
    fits(reportTypeSchema, value.report) &&
    fits(frostReportFileKindSchema, value.kind) &&
    (value.area === null || isId(value.area)) &&
    Array.isArray(value.things) &&
    value.things.length <= REPORT_MAX_THINGS &&
    value.things.every(isId) &&
    Array.isArray(value.series) &&
    value.series.length <= GENERIC_MAX_SERIES &&
    value.series.every((entry) => fits(reportSeriesSchema, entry)) &&
    fits(genericResolutionSchema, value.resolution) &&
    typeof value.fromDay === 'string' &&
    DAY_PATTERN.test(value.fromDay) &&
    typeof value.toDay === 'string' &&
    DAY_PATTERN.test(value.toDay) &&
    fits(exportFormatSchema, value.format);
  if (!ok) return null;
  const stored = value as unknown as ReportSearch & { site: number };
  return {
    site: stored.site,
    report: stored.report,
    kind: stored.kind,
    area: stored.area,
    things: stored.things,
    series: stored.series,
    resolution: stored.resolution,
    fromDay: stored.fromDay,
    toDay: stored.toDay,
    format: stored.format,
  };
}

/** The `lastReportSearch` preference's text for a search made on `site`. */
export function storeReportSearch(search: ReportSearch, site: number): string {
  return JSON.stringify({ site, ...search });
}

/**
 * The remembered search, to start the form from. On another site the report type, kind, format
 * and days carry over but the area, things and series (ids of the other site) do not. Text that
 * does not read as a search gives null.
 */
export function restoreReportSearch(text: string | null, site: number): ReportSearch | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const stored = readStored(json);
  if (!stored) return null;
  const { site: storedSite, ...search } = stored;
  if (storedSite === site) return search;
  return { ...search, area: null, things: [], series: [] };
}
