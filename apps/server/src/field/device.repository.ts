/**
 * The field's reads of its devices (radios, units, sensors, controls of sites): what their configs
 * are built from (provisioning.ts), their reporting intervals (interval-provisioning.ts), the site
 * a serial number logs in for (the embedded broker), a radio's address, and the sites in order.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

/**
 * The radios, units, sensors and controls (with their area's site) of the given sites, all sites
 * when none are given, each in id order.
 */
export async function siteDevices(db: Database, siteIds?: readonly number[]) {
  const inSites = (column: Parameters<typeof inArray>[0]): SQL | undefined =>
    siteIds ? inArray(column, [...siteIds]) : undefined;
  return Promise.all([
    db.select().from(t.radios).where(inSites(t.radios.siteId)).orderBy(t.radios.id),
    db.select().from(t.units).where(inSites(t.units.siteId)).orderBy(t.units.id),
    db.select().from(t.sensors).where(inSites(t.sensors.siteId)).orderBy(t.sensors.id),
    db
      .select({ control: t.controls, siteId: t.areas.siteId })
      .from(t.controls)
      .innerJoin(t.areas, eq(t.areas.id, t.controls.areaId))
      .where(inSites(t.areas.siteId))
      .orderBy(t.controls.id),
  ]);
}

/** Ids of every site, in order: what `fieldKeysFor` is given (the devstack's simulator logs in with those keys). */
export async function allSiteIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: t.sites.id }).from(t.sites).orderBy(t.sites.id);
  return rows.map((row) => row.id);
}

/** Every site's id and label, in id order (`npm run field:keys`). */
export async function siteLabels(db: Database) {
  return db.select({ id: t.sites.id, label: t.sites.label }).from(t.sites).orderBy(t.sites.id);
}

/** The site of the radio or unit with this serial number, or null for one the server does not know. */
export async function siteOfDevice(db: Database, serialno: string): Promise<number | null> {
  const rows = await queryRows<{ site_id: number }>(
    db,
    sql`select site_id from radios where serialno = ${serialno}
          union all select site_id from units where serialno = ${serialno}`,
  );
  return rows[0]?.site_id ?? null;
}

/** Every radio's and unit's reporting interval as the database holds it now. */
export async function deviceIntervals(db: Database) {
  return queryRows<{
    site_id: number;
    serialno: string;
    report_interval_seconds: number;
  }>(
    db,
    sql`select site_id, serialno, report_interval_seconds from radios
        union all
        select site_id, serialno, report_interval_seconds from units`,
  );
}

/** Where a command to a radio goes: its site and serial number; undefined for no such radio. */
export async function radioAddress(db: Database, radioId: number) {
  const [radio] = await db
    .select({ siteId: t.radios.siteId, serialno: t.radios.serialno })
    .from(t.radios)
    .where(eq(t.radios.id, radioId));
  return radio;
}
