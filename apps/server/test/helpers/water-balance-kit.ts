/**
 * What the tests of a zone's water balance share (issue 30): ET0 days of the test farm's
 * irrigation area as the agronomy job stores them, the area's own settings, and GET
 * areas/{id}/water-balance read as the admin.
 */
import { areaWaterBalanceSchema, type AreaWaterBalance } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Stores the ET0 (mm) of each of these local dates for the irrigation area of site a. */
export async function addEt0Days(testApp: TestApp, et0ByDate: Record<string, number>) {
  const { sites, areas } = testApp.farm;
  for (const [date, et0] of Object.entries(et0ByDate)) {
    await testApp.db.execute(
      sql`insert into et0_days (area_id, date, site_id, et0, inputs, computed_at)
          values (${areas.irrigation.id}, ${date}, ${sites.a.id}, ${et0}, '{}'::jsonb, now())`,
    );
  }
}

/** Sets the irrigation area's settings (its water balance's soil and zones) to these. */
export async function setIrrigationSettings(testApp: TestApp, settings: object) {
  await testApp.db.execute(
    sql`update areas set settings = ${JSON.stringify(settings)}::jsonb
        where id = ${testApp.farm.areas.irrigation.id}`,
  );
}

/** GET areas/{id}/water-balance (with its query, e.g. `?date=…`) as the admin: 200, parsed. */
export async function readWaterBalance(
  testApp: TestApp,
  areaId: number,
  query = '',
): Promise<AreaWaterBalance> {
  const response = await testApp.as(testApp.farm.users.admin.id, {
    method: 'GET',
    url: `/api/areas/${areaId}/water-balance${query}`,
  });
  expect(response.statusCode).toBe(200);
  return areaWaterBalanceSchema.parse(response.json());
}
