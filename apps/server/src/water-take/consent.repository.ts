/**
 * Water consents and their meters (migration 0020), read and written with the consent's site
 * in every condition, so a consent is only ever reached through the site it belongs to.
 */
import { verificationCovers, type WaterConsent, type WaterConsentBody } from '@paddock/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

type ConsentRow = {
  id: number;
  site_id: number;
  consent_number: string;
  label: string | null;
  max_rate_lps: number | null;
  max_daily_volume_m3: number | null;
  created_at: Date | string;
  modified_at: Date | string;
};

type MeterRow = {
  consent_id: number;
  sensor_id: number;
  verified_on: string | null;
  label: string;
  serialno: string | null;
};

export type StoredConsent = WaterConsent & { createdAt: string };

const iso = (value: Date | string) => new Date(value).toISOString();

function toConsent(row: ConsentRow, meters: MeterRow[], today: string): StoredConsent {
  return {
    id: Number(row.id),
    site: Number(row.site_id),
    consentNumber: row.consent_number,
    label: row.label,
    maxRateLps: row.max_rate_lps === null ? null : Number(row.max_rate_lps),
    maxDailyVolumeM3: row.max_daily_volume_m3 === null ? null : Number(row.max_daily_volume_m3),
    meters: meters
      .filter((meter) => Number(meter.consent_id) === Number(row.id))
      .map((meter) => ({
        sensor: Number(meter.sensor_id),
        verifiedOn: meter.verified_on,
        label: meter.label,
        serialno: meter.serialno,
        verificationDue: !verificationCovers(meter.verified_on, today),
      })),
    modifiedAt: iso(row.modified_at),
    createdAt: iso(row.created_at),
  };
}

async function readConsents(
  db: Database,
  where: ReturnType<typeof sql>,
  today: string,
): Promise<StoredConsent[]> {
  const rows = await queryRows<ConsentRow>(
    db,
    sql`select * from water_consents where ${where} order by consent_number, id`,
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const meters = await queryRows<MeterRow>(
    db,
    sql`select m.consent_id, m.sensor_id, m.verified_on::text as verified_on, s.label, s.serialno
        from water_consent_meters m join sensors s on s.id = m.sensor_id
        where m.consent_id in ${sql.raw(`(${ids.join(',')})`)}
        order by s.label, s.id`,
  );
  return rows.map((row) => toConsent(row, meters, today));
}

/** The site's consents, by consent number. `today` (the site's date) tells verifications due. */
export function listConsents(db: Database, siteId: number, today: string) {
  return readConsents(db, sql`site_id = ${siteId}`, today);
}

/** The consent when it belongs to the site; null otherwise (the caller answers 404). */
export async function findConsent(
  db: Database,
  siteId: number,
  consentId: number,
  today: string,
): Promise<StoredConsent | null> {
  const [consent] = await readConsents(db, sql`site_id = ${siteId} and id = ${consentId}`, today);
  return consent ?? null;
}

/** Every consent of every site, with its site's zone data (the daily job). */
export async function allConsents(db: Database, today: (siteId: number) => string) {
  const rows = await queryRows<ConsentRow>(db, sql`select * from water_consents order by id`);
  if (rows.length === 0) return [];
  const meters = await queryRows<MeterRow>(
    db,
    sql`select m.consent_id, m.sensor_id, m.verified_on::text as verified_on, s.label, s.serialno
        from water_consent_meters m join sensors s on s.id = m.sensor_id
        order by s.label, s.id`,
  );
  return rows.map((row) => toConsent(row, meters, today(Number(row.site_id))));
}

/** The ids among `sensorIds` that are not water meters of the site. */
export async function foreignMeters(
  db: Database,
  siteId: number,
  sensorIds: readonly number[],
): Promise<number[]> {
  if (sensorIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from sensors
        where site_id = ${siteId} and type = 'watermeter'
          and id in ${sql.raw(`(${sensorIds.map(Number).join(',')})`)}`,
  );
  const ours = new Set(rows.map((row) => Number(row.id)));
  return sensorIds.filter((id) => !ours.has(id));
}

/** True when another consent of the site has this number. */
export async function consentNumberTaken(
  db: Database,
  siteId: number,
  consentNumber: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from water_consents
        where site_id = ${siteId} and consent_number = ${consentNumber}
          and (${exceptId}::integer is null or id <> ${exceptId}::integer)`,
  );
  return rows.length > 0;
}

/**
 * Writes the consent's row by `statement` (which returns its id) and then its meters, in one
 * transaction, so a consent is never saved without its meters; null when no row was written.
 */
async function writeConsent(
  db: Database,
  statement: SQL,
  body: WaterConsentBody,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(statement)) as unknown as { rows: { id: number }[] };
    const row = result.rows[0];
    if (!row) return null;
    const id = Number(row.id);
    await writeMeters(tx, id, body);
    return id;
  });
}

async function writeMeters(
  db: Pick<Database, 'execute'>,
  consentId: number,
  body: WaterConsentBody,
) {
  await db.execute(sql`delete from water_consent_meters where consent_id = ${consentId}`);
  for (const meter of body.meters) {
    await db.execute(
      sql`insert into water_consent_meters (consent_id, sensor_id, verified_on)
          values (${consentId}, ${meter.sensor}, ${meter.verifiedOn}::date)`,
    );
  }
}

export async function createConsent(
  db: Database,
  siteId: number,
  body: WaterConsentBody,
  now: Date,
): Promise<number> {
  const id = await writeConsent(
    db,
    sql`insert into water_consents
          (site_id, consent_number, label, max_rate_lps, max_daily_volume_m3, created_at, modified_at)
        values (${siteId}, ${body.consentNumber}, ${body.label}, ${body.maxRateLps},
                ${body.maxDailyVolumeM3}, ${now.toISOString()}, ${now.toISOString()})
        returning id`,
    body,
  );
  if (id === null) throw new Error('The consent was not inserted');
  return id;
}

/** False when the consent is not (or no longer) the site's. */
export async function updateConsent(
  db: Database,
  siteId: number,
  consentId: number,
  body: WaterConsentBody,
  now: Date,
): Promise<boolean> {
  const id = await writeConsent(
    db,
    sql`update water_consents
        set consent_number = ${body.consentNumber}, label = ${body.label},
            max_rate_lps = ${body.maxRateLps}, max_daily_volume_m3 = ${body.maxDailyVolumeM3},
            modified_at = ${now.toISOString()}
        where id = ${consentId} and site_id = ${siteId}
        returning id`,
    body,
  );
  return id !== null;
}

export async function deleteConsent(
  db: Database,
  siteId: number,
  consentId: number,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from water_consents where id = ${consentId} and site_id = ${siteId} returning id`,
  );
  return rows.length > 0;
}

/** The site's zone data, or null for an unknown site. */
export async function readSiteZone(
  db: Database,
  siteId: number,
): Promise<{ label: string; config: unknown; country: string | undefined } | null> {
  const [row] = await queryRows<{ label: string; config: unknown; tags: { country?: string } }>(
    db,
    sql`select label, config, tags from sites where id = ${siteId}`,
  );
  return row ? { label: row.label, config: row.config, country: row.tags?.country } : null;
}
