/**
 * The fleet benches' database (issue 33 item 4), shared by `npm run bench:fleet` (the list query)
 * and `npm run bench:web -- --pages fleet` (the console's first paint, through fleet-scale-cli.ts):
 * the demo farm, the scale seed (500 sites × 200 radios by default: about 1,000 radios overdue and
 * 2,400 on a low battery), a raised alarm on every tenth scale site, and the demo's staff login
 * made a member of every site, as support staff are. Both then measure the same fleet.
 */
import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/auth/passwords.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { seedScale } from '../src/seed/scale.ts';

/** A raised alarm on every tenth site, raised over the last days so the order has ages to sort. */
async function raiseAlarms(db: Database, siteIds: number[], areaIds: number[], now: Date) {
  const every = siteIds.flatMap((siteId, index) =>
    index % 10 === 0 ? [{ siteId, areaId: areaIds[index] ?? 0, index }] : [],
  );
  for (const { siteId, areaId, index } of every) {
    const [alarm] = await queryRows<{ id: number }>(
      db,
      sql`insert into alarms (area_id, site_id, active, rule, label)
          values (${areaId}, ${siteId}, true,
                  ${JSON.stringify({ name: 'Soil dry', severity: index % 20 === 0 ? 'critical' : 'warning' })}::jsonb,
                  'Soil dry')
          returning id`,
    );
    await db.execute(
      sql`insert into alarm_states (alarm_id, status, episode, raised_at, raised_value)
          values (${alarm?.id ?? 0}, 'raised', 1,
                  ${new Date(now.getTime() - index * 600_000).toISOString()}::timestamptz, 12.5)`,
    );
  }
  return every.length;
}

/** The demo's staff login, a member of every site with the privileges it has on its own. */
async function staffOfEverySite(db: Database): Promise<number> {
  const [staff] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where login = ${DEMO_LOGINS.staff}`,
  );
  if (!staff) throw new Error('no staff login in the demo farm');
  await db.execute(
    sql`insert into site_members (user_id, site_id, privileges)
        select ${staff.id}, s.id,
               (select privileges from site_members where user_id = ${staff.id} limit 1)
          from sites s
         where not exists (select 1 from site_members m where m.user_id = ${staff.id} and m.site_id = s.id)`,
  );
  return staff.id;
}

type FleetScale = {
  /** Raised alarms added on the scale sites. */
  alarms: number;
  /** The demo's staff login, now a member of every site. */
  staffId: number;
};

/**
 * Seeds an empty, migrated database with the fleet of `sites` scale sites of `radiosPerSite`
 * radios on top of the demo farm, and analyses it so the planner sees the real row counts.
 */
export async function seedFleetScale(
  db: Database,
  options: { sites: number; radiosPerSite: number; now: Date; log: (line: string) => void },
): Promise<FleetScale> {
  const { now } = options;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // As the API bench's server loads it: the devstack's farm, only when a bench runs.
  const demo = await import('../../devstack/src/demo-farm/demo-farm.ts');
  await demo.seedDemoFarm(db, { now, passwordHash });
  const seeded = await seedScale(db, {
    sites: options.sites,
    radiosPerSite: options.radiosPerSite,
    now,
    passwordHash,
    log: options.log,
  });
  const alarms = await raiseAlarms(db, seeded.siteIds, seeded.areaIds, now);
  const staffId = await staffOfEverySite(db);
  await db.execute(sql`vacuum analyze`);
  return { alarms, staffId };
}
