/**
 * The demo farm's water consent (docs/water-take.md): Dunsandel Dairy's irrigation take, measured
 * by the mainline flow meters of its pivot and K-line areas, so the water-take files and the
 * daily job have something real to show after `npm start`.
 */
import { sql } from 'drizzle-orm';
import type { Transaction } from '@paddock/server';

const DEMO_CONSENT = {
  site: 'Dunsandel Dairy',
  consentNumber: 'CRC182345',
  label: 'Irrigation take from bore L36/1234',
  maxRateLps: 60,
  maxDailyVolumeM3: 2500,
  verifiedOn: '2024-10-14',
} as const;

export async function seedDemoWaterConsent(
  tx: Transaction,
  sites: readonly { id: number; label: string }[],
  now: Date,
): Promise<void> {
  const site = sites.find((candidate) => candidate.label === DEMO_CONSENT.site);
  if (!site) return;
  const meters = (await tx.execute(
    sql`select s.id from sensors s join areas a on a.id = s.area_id
        where s.site_id = ${site.id} and s.type = 'watermeter' and a.type = 'irrigation'
        order by s.id`,
  )) as unknown as { rows: { id: number }[] };
  if (meters.rows.length === 0) return;
  const inserted = (await tx.execute(
    sql`insert into water_consents
          (site_id, consent_number, label, max_rate_lps, max_daily_volume_m3, created_at, modified_at)
        values (${site.id}, ${DEMO_CONSENT.consentNumber}, ${DEMO_CONSENT.label},
                ${DEMO_CONSENT.maxRateLps}, ${DEMO_CONSENT.maxDailyVolumeM3},
                ${now.toISOString()}, ${now.toISOString()})
        returning id`,
  )) as unknown as { rows: { id: number }[] };
  const consentId = Number(inserted.rows[0]?.id);
  for (const meter of meters.rows) {
    await tx.execute(
      sql`insert into water_consent_meters (consent_id, sensor_id, verified_on)
          values (${consentId}, ${Number(meter.id)}, ${DEMO_CONSENT.verifiedOn}::date)`,
    );
  }
}
