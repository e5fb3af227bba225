/**
 * The audit page's filters (issue 33 item 3: by person, object, operation and time) and the query
 * of GET sites/{id}/audit they make. Days are the site's days (§9 the site's time): from the start
 * of the first day picked to the end of the last. Pure, so the rules are tested without a browser.
 */
import {
  apiContract,
  AUDIT_PAGE_LIMIT,
  zonedTimeToInstant,
  type AuditQuery,
  type EndpointSpec,
} from '@paddock/domain';
import type { AuditExportAsk } from '../../data/exports/audit-export.ts';

/** An object as the audit log names it: its kind and id (an object's History links with one). */
export interface AuditObjectFilter {
  readonly kind: string;
  readonly target: number;
}

export interface AuditFilters {
  /** A user's id: rows they made, or that were made acting as them. */
  readonly actor: number | null;
  /** Rows about objects of this kind ('sensor', 'section'…); unused while `object` is set. */
  readonly kind: string | null;
  readonly operation: string | null;
  /** The site's days, 'YYYY-MM-DD' as a date input gives them; '' for none. */
  readonly from: string;
  readonly to: string;
  /** One object's rows. */
  readonly object: AuditObjectFilter | null;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  actor: null,
  kind: null,
  operation: null,
  from: '',
  to: '',
  object: null,
};

/** Rows a page of the audit page shows. */
export const AUDIT_PAGE_SIZE = AUDIT_PAGE_LIMIT.default;

/**
 * The kinds of object rows name, as the server locates them (permissions/access.repository.ts
 * OBJECT_LOCATIONS, and the site itself).
 */
export const AUDIT_OBJECT_KINDS = [
  'site',
  'area',
  'section',
  'program',
  'control',
  'radio',
  'unit',
  'sensor',
  'alarm',
  'contact',
] as const;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 00:00 of `day` on the site's wall clock, `offsetDays` later; undefined for no valid day. */
function dayStart(day: string, timeZone: string, offsetDays = 0): string | undefined {
  const match = DAY_PATTERN.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const picked = new Date(Date.UTC(year, month - 1, date));
  // Date.UTC rolls an impossible day over (30 February is 2 March): such a day is none.
  if (picked.getUTCMonth() !== month - 1 || picked.getUTCDate() !== date) return undefined;
  const next = new Date(Date.UTC(year, month - 1, date + offsetDays));
  const wall = {
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
  };
  return zonedTimeToInstant(wall, timeZone).toISOString();
}

/** The person, object and operation chosen, as the page's query and its export both send them. */
function narrowing(filters: AuditFilters) {
  const kind = filters.object?.kind ?? filters.kind;
  return {
    ...(filters.actor !== null ? { actor: filters.actor } : {}),
    ...(kind !== null ? { kind } : {}),
    ...(filters.object !== null ? { target: filters.object.target } : {}),
    ...(filters.operation !== null ? { operation: filters.operation } : {}),
  };
}

/** GET sites/{id}/audit's query for the filters and page; absent filters are left out. */
export function auditQuery(filters: AuditFilters, page: number, timeZone: string): AuditQuery {
  const from = dayStart(filters.from, timeZone);
  // `to` is exclusive on the server: the start of the day after the last day picked.
  const to = dayStart(filters.to, timeZone, 1);
  return {
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...narrowing(filters),
    page,
    limit: AUDIT_PAGE_SIZE,
  };
}

/**
 * Decision: with no first day chosen, the audit export covers the three years (1,095 days) before
 * its end, inside the 1,100 days the server allows one export.
 */
const AUDIT_EXPORT_DEFAULT_DAYS = 1_095;

/**
 * What "Download csv / xlsx" asks for: the rows the filters show, over the same days as the page
 * (the site's days, the last one whole). An export needs both ends: with no last day it runs to
 * `now`, with no first day the 1,095 days before its end.
 */
export function auditExportAsk(
  filters: AuditFilters,
  format: AuditExportAsk['format'],
  timeZone: string,
  now: Date,
): AuditExportAsk {
  const to = dayStart(filters.to, timeZone, 1) ?? now.toISOString();
  const from =
    dayStart(filters.from, timeZone) ??
    new Date(Date.parse(to) - AUDIT_EXPORT_DEFAULT_DAYS * 86_400_000).toISOString();
  return { format, from, to, ...narrowing(filters) };
}

/** The last page for `total` rows (at least the first). */
export function auditPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
}

/**
 * Rows not of a changing call: a download (the one read the log records, issue 33 item 1) and what
 * the worker does on a person's behalf (the server's audit/product-action.ts).
 */
const OTHER_OPERATIONS = [
  'GET /exports/:id/file',
  'program.started',
  'program.skipped',
  'zone.shutOff',
  'report.ready',
] as const;

/**
 * Every operation a row can name: the contract's calls that change something, as rows write them
 * ('PUT /alarms/:id'), sorted by path, then the others above.
 */
export function auditOperations(): string[] {
  const endpoints: EndpointSpec[] = Object.values(apiContract).flatMap((group) =>
    Object.values(group),
  );
  const byPath = (operation: string) => operation.slice(operation.indexOf(' ') + 1);
  const calls = endpoints
    // A call the contract leaves off the record (a network server's uplinks) names no row.
    .filter((endpoint) => endpoint.method !== 'GET' && endpoint.audited !== false)
    .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    .sort((a, b) => byPath(a).localeCompare(byPath(b)) || a.localeCompare(b));
  return [...new Set([...calls, ...OTHER_OPERATIONS])];
}
