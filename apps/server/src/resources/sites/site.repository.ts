/**
 * SQL of the sites calls. GET sites and GET sites/{id} are on the hot path (the console refetches
 * them every 60 s per open tab): each is one or two prepared statements, built once per database
 * (building drizzle SQL costs as much as running it here), and never one query per site.
 */
import {
  defaultHardwareThresholds,
  SUMMARY_KIND_METRICS,
  type SummaryKindReading,
  type Privilege,
  type ProgramStatus,
  type SiteConfig,
  type SiteFilter,
} from '@paddock/domain';
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsFingerprint } from '../../db/row-versions.ts';
import { tableVersionsOf } from '../../db/table-versions.ts';
import { isMember } from '../../permissions/access.repository.ts';
import {
  areas,
  dataVersions,
  programs,
  radios,
  siteMembers,
  sites,
  units,
  users,
} from '../../db/schema.ts';
import type { AreaRow } from '../areas/area.presenter.ts';
import type { HardwareTally, ProgramGlanceRow, SummaryAreaRow } from './site-summary.presenter.ts';
import type { SiteRow } from './site.presenter.ts';

/**
 * The caller's membership of the site row being read. A revoked invitation is no membership (as
 * at sign-in): the site leaves the user's list.
 */
function membershipOf(userId: number | Placeholder): SQL | undefined {
  return and(eq(siteMembers.siteId, sites.id), eq(siteMembers.userId, userId), isMember);
}

/**
 * The site filter (§3) as WHERE terms with one text[] parameter per key: OR within a key, AND
 * across keys, and an empty list filters nothing. One statement serves every filter.
 */
function filterTerms(): SQL[] {
  const key = (name: keyof SiteFilter) => sql`${sql.placeholder(name)}::text[]`;
  const term = (name: keyof SiteFilter, match: SQL) =>
    sql`(cardinality(${key(name)}) = 0 or ${match})`;
  return [
    term('application', sql`${sites.applications} && ${key('application')}`),
    term('country', sql`lower(${sites.tags}->>'country') = any(${key('country')})`),
    term('region', sql`${sites.tags}->>'region' = any(${key('region')})`),
    term('operator', sql`${sites.operator} = any(${key('operator')})`),
    term('client', sql`${sites.client} = any(${key('client')})`),
  ];
}

/** The placeholders of filterTerms(); countries are matched in lower case. */
function filterParameters(userId: number, filter: SiteFilter) {
  return { userId, ...filter, country: filter.country.map((code) => code.toLowerCase()) };
}

/** The inputs of a site's brief summary (§3 Site.summary) in GET sites. */
export type BriefStats = {
  /** Radios with a fault that are not overdue, and radios in warning (§4 counts). */
  faults: number;
  warnings: number;
  programs: ProgramStatus[];
  radiosLastUpdate: Date | null;
  unitsLastUpdate: Date | null;
};

/**
 * The SQL form of the domain's §4 counts (hardwareCounts and isHardwareWarning in
 * hardware-filters.ts, with defaultHardwareThresholds) as filters over radios rows, written once
 * for GET sites' brief summary and GET sites/{id}/summary, so both count exactly what the
 * console's maintenance list shows. `is true` / `is not true` / `is false` are the domain's
 * `=== true` / `!== true` / `=== false`, so a null flag is neither overdue, nor a fault, nor
 * offline. A null battery or signal makes its comparison null, and a null under these ands and
 * ors (never a not) leaves the row uncounted unless another term holds, as isLowBattery and
 * isWeakSignal answer false for an unreported value; `<` is their "strictly below". Units
 * carry only overdue, which §4 keeps out of faults and warnings: they count only as overdue.
 */
function radioHealthFilters() {
  const { signal, battery } = defaultHardwareThresholds;
  const notOverdue = sql`${radios.overdue} is not true`;
  return {
    overdue: sql`${radios.overdue} is true`,
    fault: sql`${notOverdue} and ${radios.fault} is true`,
    warning: sql`${notOverdue} and (${radios.signalValue} < ${signal}
      or ${radios.batteryValue} < ${battery}
      or (${radios.online} is false and ${radios.fault} is not true))`,
  };
}

/**
 * Per-site radio counts for the brief summary, counted in SQL so GET sites never ships every
 * radio row. Units only report overdue, which the brief summary does not show, so only radios
 * count. The sites tests check these counts, the site summary's and the domain's agree.
 */
function radioCounts(db: Database) {
  const health = radioHealthFilters();
  return db
    .select({
      siteId: radios.siteId,
      faults: sql<number>`(count(*) filter (where ${health.fault}))::int`,
      warnings: sql<number>`(count(*) filter (where ${health.warning}))::int`,
      lastUpdate: sql<Date | null>`max(${radios.lastUpdate})`.mapWith(radios.lastUpdate),
    })
    .from(radios)
    .where(sql`${radios.siteId} = any(${sql.placeholder('siteIds')}::int[])`)
    .groupBy(radios.siteId)
    .prepare('brief_radio_counts');
}

function unitsLastUpdate(db: Database) {
  return db
    .select({
      siteId: units.siteId,
      lastUpdate: sql<Date | null>`max(${units.lastUpdate})`.mapWith(units.lastUpdate),
    })
    .from(units)
    .where(sql`${units.siteId} = any(${sql.placeholder('siteIds')}::int[])`)
    .groupBy(units.siteId)
    .prepare('brief_units_last_update');
}

/** Program statuses are few (one per area) and go to the domain's isProgramActive as they are. */
function programStatuses(db: Database) {
  return db
    .select({ siteId: areas.siteId, status: programs.status })
    .from(programs)
    .innerJoin(areas, eq(areas.id, programs.areaId))
    .where(sql`${areas.siteId} = any(${sql.placeholder('siteIds')}::int[])`)
    .prepare('brief_program_statuses');
}

/**
 * The statements of the hot path, prepared once per database. GET sites: the caller's sites
 * matching the filter, by label, with the brief summary's inputs as lateral subqueries.
 */
export function siteQueries(db: Database) {
  const memberSites = db
    .select({ site: sites })
    .from(sites)
    .innerJoin(siteMembers, membershipOf(sql.placeholder('userId')))
    .where(and(...filterTerms()))
    .orderBy(asc(sites.label), asc(sites.id))
    .prepare('sites_of_member');
  // The ids of memberSites, in its order, as one row of text: splitting it is several times
  // cheaper than the driver's parser of an int[].
  const memberSiteIds = db
    .select({
      ids: sql<string>`coalesce(string_agg(${sites.id}::text, ',' order by ${sites.label}, ${sites.id}), '')`,
    })
    .from(sites)
    .innerJoin(siteMembers, membershipOf(sql.placeholder('userId')))
    .where(and(...filterTerms()))
    .prepare('site_ids_of_member');
  const sitesVersion = db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.name, 'sites'))
    .prepare('sites_data_version');
  const areasVersion = db
    .select({
      fingerprint: rowsFingerprint(areas, areas.id),
    })
    .from(areas)
    .where(sql`${areas.siteId} = any(${sql.placeholder('siteIds')}::int[])`)
    .prepare('areas_of_sites_version');
  const radioStats = radioCounts(db);
  const unitStats = unitsLastUpdate(db);
  const programStats = programStatuses(db);

  const siteAndMembership = db
    .select({
      site: sites,
      privileges: siteMembers.privileges,
      userPrivileges: users.privileges,
    })
    .from(sites)
    .leftJoin(siteMembers, membershipOf(sql.placeholder('userId')))
    .leftJoin(users, eq(users.id, siteMembers.userId))
    .where(eq(sites.id, sql.placeholder('siteId')))
    .prepare('site_and_membership');

  const summary = siteSummaryStatement(db);

  const areasOf = db
    .select()
    .from(areas)
    .where(sql`${areas.siteId} = any(${sql.placeholder('siteIds')}::int[])`)
    .orderBy(asc(areas.label), asc(areas.id))
    .prepare('areas_of_sites');

  return {
    async listMemberSites(userId: number, filter: SiteFilter): Promise<SiteRow[]> {
      const rows = await memberSites.execute(filterParameters(userId, filter));
      return rows.map((row) => row.site);
    },

    /** Which sites listMemberSites would return, in its order. */
    async memberSiteIds(userId: number, filter: SiteFilter): Promise<number[]> {
      const [row] = await memberSiteIds.execute(filterParameters(userId, filter));
      return !row || row.ids === '' ? [] : row.ids.split(',').map(Number);
    },

    /**
     * Moves with every statement that wrote sites or site_members, by any process (migration
     * 0004's triggers; embedded, the table versions): GET sites reads its lists again only then.
     */
    async sitesVersion(): Promise<string> {
      const embedded = tableVersionsOf(db);
      if (embedded) return embedded.of(['sites', 'site_members']);
      const [row] = await sitesVersion.execute();
      return String(row?.version ?? 0);
    },

    /** A fingerprint of the area rows of the given sites (embedded: the areas table's version). */
    async areasVersion(siteIds: number[]): Promise<string> {
      const embedded = tableVersionsOf(db);
      if (embedded) return embedded.of(['areas']);
      const [row] = await areasVersion.execute({ siteIds });
      return row?.fingerprint ?? '';
    },

    /** The brief-summary inputs of each given site, in three grouped statements. */
    async briefStats(siteIds: number[]): Promise<Map<number, BriefStats>> {
      const [radioRows, unitRows, programRows] = await Promise.all([
        radioStats.execute({ siteIds }),
        unitStats.execute({ siteIds }),
        programStats.execute({ siteIds }),
      ]);
      const stats = new Map<number, BriefStats>(
        siteIds.map((id) => [
          id,
          { faults: 0, warnings: 0, programs: [], radiosLastUpdate: null, unitsLastUpdate: null },
        ]),
      );
      for (const row of radioRows) {
        const entry = stats.get(row.siteId);
        if (!entry) continue;
        entry.faults = row.faults;
        entry.warnings = row.warnings;
        entry.radiosLastUpdate = row.lastUpdate;
      }
      for (const row of unitRows) {
        const entry = stats.get(row.siteId);
        if (entry) entry.unitsLastUpdate = row.lastUpdate;
      }
      for (const row of programRows) stats.get(row.siteId)?.programs.push(row.status);
      return stats;
    },

    /** A site and the caller's site-level and user-level lists; null if the site is unknown. */
    async siteWithMembership(userId: number, siteId: number): Promise<SiteWithMembership | null> {
      const [row] = await siteAndMembership.execute({ userId, siteId });
      return row ?? null;
    },

    /** GET sites/{id}/summary's inputs and the caller's membership; null if the site is unknown. */
    async siteSummary(userId: number, siteId: number): Promise<SiteSummaryRows | null> {
      const [row] = await summary.execute({ userId, siteId });
      return row ?? null;
    },

    /** Areas of the given sites, by label (§2 sidebar order). */
    async areasOfSites(siteIds: number[]): Promise<AreaRow[]> {
      return siteIds.length === 0 ? [] : areasOf.execute({ siteIds });
    },
  };
}

/** The filter fields of every site the caller belongs to (GET sites/filter). */
export async function memberSiteFilterFields(db: Database, userId: number) {
  return db
    .select({
      applications: sites.applications,
      tags: sites.tags,
      operator: sites.operator,
      client: sites.client,
    })
    .from(sites)
    .innerJoin(siteMembers, membershipOf(userId));
}

/** The caller's site-level and user-level lists, read with the site. */
export type SiteMembership = {
  /** Null when the caller is not a member of the site. */
  privileges: Privilege[] | null;
  userPrivileges: Privilege[] | null;
};

export type SiteWithMembership = SiteMembership & { site: SiteRow };

export async function siteExists(db: Database, siteId: number): Promise<boolean> {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
  return row !== undefined;
}

/**
 * PUT sites/{id}: merges the sent config into the stored one. Keys the console did not send are
 * kept: an older console must not wipe newer settings. Null when the site does not exist.
 */
export async function updateSiteConfig(
  db: Database,
  siteId: number,
  config: SiteConfig,
  now: Date,
): Promise<SiteRow | null> {
  const [updated] = await db
    .update(sites)
    .set({ config: sql`${sites.config} || ${JSON.stringify(config)}::jsonb`, modifiedAt: now })
    .where(eq(sites.id, siteId))
    .returning();
  return updated ?? null;
}

/** A site's areas, by label (§2 sidebar order). */
export async function areasOfSite(db: Database, siteId: number): Promise<AreaRow[]> {
  return db
    .select()
    .from(areas)
    .where(eq(areas.siteId, siteId))
    .orderBy(asc(areas.label), asc(areas.id));
}

export async function unitsOfSite(db: Database, siteId: number) {
  return db.select().from(units).where(eq(units.siteId, siteId)).orderBy(asc(units.serialno));
}

/**
 * A text that changes whenever the site's unit rows do (their reports, overdue, areas):
 * embedded, the units table's version (no statement; db/table-versions.ts), otherwise a
 * fingerprint of the rows (db/row-versions.ts; served by units_site_idx).
 */
export async function unitsOfSiteVersion(db: Database, siteId: number): Promise<string> {
  const embedded = tableVersionsOf(db);
  if (embedded) return embedded.of(['units']);
  const [row] = await db
    .select({ fingerprint: rowsFingerprint(units, units.id) })
    .from(units)
    .where(eq(units.siteId, siteId));
  return row?.fingerprint ?? '';
}

/** A site's summary inputs with the caller's membership (siteQueries' siteSummary). */
export type SiteSummaryRows = SiteMembership & {
  areas: SummaryAreaRow[];
  programs: ProgramGlanceRow[];
  /** The whole site's radios and units, each unit once however many areas it serves. */
  hardware: HardwareTally;
  kindReadings: SummaryKindReading[];
};

/** Rows of a subquery as one json array (empty, not null, when there are none). */
const jsonRows = (from: SQL, order?: SQL) =>
  sql`(select coalesce(json_agg(r${order ? sql` order by ${order}` : sql``}), '[]'::json) from (${from}) r)`;

/** A time column as milliseconds since the epoch: json would carry it as text to be parsed again. */
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** The one row of a subquery as a json object. */
const jsonRow = (from: SQL) => sql`(select row_to_json(r) from (${from}) r)`;

/**
 * The summary's hardware counts (HardwareTally) of the radios and of the units that match the
 * given terms, as one row: the §4 counts of radioHealthFilters, a unit counting only when
 * overdue, and the latest report of either. Counted here so that the summary ships a few numbers
 * per area instead of every radio row, which the server had to filter and count per area on
 * every call. Aggregates without group by give their one row even over no rows (0, null).
 */
function hardwareTally(radiosWhere: SQL, unitsWhere: SQL): SQL {
  const health = radioHealthFilters();
  return sql`select rt.radios, ut.units, rt.faults, rt.warnings, rt.overdue + ut.overdue as overdue,
      ${epochMs('greatest(rt.last_update, ut.last_update)')} as "lastUpdate"
    from (select count(*)::int as radios,
            (count(*) filter (where ${health.fault}))::int as faults,
            (count(*) filter (where ${health.warning}))::int as warnings,
            (count(*) filter (where ${health.overdue}))::int as overdue,
            max(${radios.lastUpdate}) as last_update
          from ${radios} where ${radiosWhere}) rt,
      (select count(*)::int as units,
            (count(*) filter (where ${units.overdue} is true))::int as overdue,
            max(${units.lastUpdate}) as last_update
          from ${units} where ${unitsWhere}) ut`;
}

/**
 * GET sites/{id}/summary's one statement: whether the site exists, the caller's membership, and
 * everything the summary is made of (areas with their counts and hardware counts, programs, the
 * site's hardware counts, the latest values of the §3 summary kinds, read from the sensors'
 * topics, which ingest and the agronomy keep) as json columns. The summary is the console's
 * landing page, asked for on every visit while ingest writes: one round trip instead of
 * thirteen.
 */
function siteSummaryStatement(db: Database) {
  const site = sql.placeholder('siteId');
  const metrics = sql.join(
    SUMMARY_KIND_METRICS.map((metric) => sql`${metric}`),
    sql`, `,
  );
  const counted = (table: string, where = '') =>
    sql.raw(`(select count(*) from ${table} x where x.area_id = a.id${where})::int`);
  return db
    .select({
      privileges: siteMembers.privileges,
      userPrivileges: users.privileges,
      areas: sql<SummaryAreaRow[]>`${jsonRows(
        sql`select a.id, a.label, a.type, a.status, a.has_faults as "hasFaults",
              a.alarms_active as "alarmsActive",
              ${counted('sections')} as sections, ${counted('sensors')} as sensors,
              ${counted('controls')} as controls,
              ${counted('events', ' and x.open')} as "openEvents",
              ${counted('alarms', ' and x.active')} as "activeAlarms",
              row_to_json(h) as hardware
            from areas a
            cross join lateral (${hardwareTally(
              sql`${radios.siteId} = ${site} and ${radios.areaId} = a.id`,
              sql`${units.siteId} = ${site} and a.id = any(${units.areaIds})`,
            )}) h
            where a.site_id = ${site}`,
        sql`r.label, r.id`,
      )}`,
      programs: sql<ProgramGlanceRow[]>`${jsonRows(
        sql`select p.id, p.area_id as "areaId", p.name, p.status
            from programs p join areas a on a.id = p.area_id where a.site_id = ${site}`,
        sql`r.id`,
      )}`,
      // The whole site, apart from its areas: a unit serving several areas counts once.
      hardware: sql<HardwareTally>`${jsonRow(
        hardwareTally(sql`${radios.siteId} = ${site}`, sql`${units.siteId} = ${site}`),
      )}`,
      kindReadings: sql<SummaryKindReading[]>`${jsonRows(
        sql`select s.id as sensor, t.metric, t."lastValue" as value, t."timestamp" as at,
              coalesce(s.tags->>'identifier' = 'weather', false) as station
            from sensors s
            cross join lateral jsonb_to_recordset(s.topics)
              as t(metric text, "lastValue" double precision, "timestamp" text)
            where s.site_id = ${site} and t.metric in (${metrics}) and t."lastValue" is not null`,
      )}`,
    })
    .from(sites)
    .leftJoin(siteMembers, membershipOf(sql.placeholder('userId')))
    .leftJoin(users, eq(users.id, siteMembers.userId))
    .where(eq(sites.id, site))
    .prepare('site_summary');
}
