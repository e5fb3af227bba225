/**
 * The demo farm: six sites in New Zealand and Australia with every kind of area, hardware and
 * person the console shows, so a fresh install has something real to look at. Only ever seeded
 * into an empty database, in one transaction: it either all lands or none of it does.
 */
import { ROLES, type Privilege } from '@paddock/domain';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKey } from '@paddock/domain/demo';
import { seededRandom } from '@paddock/domain/testing';
import {
  ensureMetrics,
  hashPassword,
  memberRow,
  schema as t,
  type Database,
  type Transaction,
} from '@paddock/server';
import { eq } from 'drizzle-orm';
import { seedDemoAuditHistory } from './audit-history.ts';
import { DEMO_SITES } from './demo-sites.ts';
import { DEMO_NETWORK_SITE, seedDemoDevEuis } from './network-server.ts';
import { seedDemoScheduledReport } from './scheduled-report.ts';
import { seedSite } from './site.ts';
import { minutesAgo, SerialNumbers, type DemoFarmSeeded } from './support.ts';
import { seedDemoWaterConsent } from './water-take.ts';

export type { DemoFarmSeeded } from './support.ts';

/** Refused because the database already holds sites or users. */
export class SeedRefusedError extends Error {}

/**
 * True when no site and no user exists yet. Other tables may already hold rows a start-up writes
 * by itself (the token secret, metrics), which do not make a database "in use".
 */
export async function isDatabaseEmpty(db: Database | Transaction): Promise<boolean> {
  const anySite = await db.select({ id: t.sites.id }).from(t.sites).limit(1);
  const anyUser = await db.select({ id: t.users.id }).from(t.users).limit(1);
  return anySite.length === 0 && anyUser.length === 0;
}

const adminActions = [...ROLES.admin.actions];
const manageActions = [...ROLES.manage.actions];
const monitorActions = [...ROLES.monitor.actions];
const staffSiteActions: Privilege[] = [...adminActions, 'loginAs', 'internal', 'install'];

/**
 * Seeds the demo farm. Refuses (SeedRefusedError) unless the database is empty, so a second run
 * never duplicates it. Every timestamp is relative to `now`: the farm always looks current.
 */
export async function seedDemoFarm(
  db: Database,
  options: {
    now: Date;
    passwordHash?: string;
    /** How often every demo radio and unit reports; the default is each device type's own. */
    reportIntervalSeconds?: number;
  },
): Promise<DemoFarmSeeded> {
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  return db.transaction(async (tx) => {
    if (!(await isDatabaseEmpty(tx))) {
      throw new SeedRefusedError(
        'The database already holds sites or users; the demo farm is only seeded into an empty one.',
      );
    }
    const accountRows = await tx
      .insert(t.users)
      .values(
        DEMO_ACCOUNTS.map((account) => ({
          login: account.login,
          firstName: account.firstName,
          lastName: account.lastName,
          locale: 'en-NZ',
          passwordHash,
          privileges: [...account.privileges],
        })),
      )
      .returning({ id: t.users.id, login: t.users.login });
    const accounts = Object.fromEntries(
      DEMO_ACCOUNTS.map((account, index) => {
        const row = accountRows[index];
        if (!row) throw new Error('demo account not inserted');
        return [account.key, row];
      }),
    ) as DemoFarmSeeded['accounts'];

    const serials = new SerialNumbers();
    const sites: DemoFarmSeeded['sites'] = [];
    const members: (typeof t.siteMembers.$inferInsert)[] = [];
    for (const [index, spec] of DEMO_SITES.entries()) {
      const siteId = await seedSite(tx, spec, {
        now: options.now,
        random: seededRandom(index + 1),
        serials,
        accounts,
      });
      sites.push({ id: siteId, label: spec.label });
      if (spec.label === DEMO_NETWORK_SITE) await seedDemoDevEuis(tx, siteId);
      const member = (key: DemoAccountKey, privileges: Privilege[]) =>
        members.push(memberRow(accounts[key].id, siteId, privileges));
      member('admin', adminActions);
      if (spec.managed) member('manager', manageActions);
      if (spec.monitored) member('monitor', monitorActions);
      member('staff', staffSiteActions);
    }
    await tx.insert(t.siteMembers).values(members);
    await seedDemoWaterConsent(tx, sites, options.now);
    await seedDemoScheduledReport(tx, sites, accounts.admin.id, options.now);
    await seedDemoAuditHistory(tx, sites, accounts, options.now);
    await tx
      .update(t.users)
      .set({ lastLogin: minutesAgo(options.now, 95) })
      .where(eq(t.users.id, accounts.admin.id));
    if (options.reportIntervalSeconds) {
      await tx.update(t.radios).set({ reportIntervalSeconds: options.reportIntervalSeconds });
      await tx.update(t.units).set({ reportIntervalSeconds: options.reportIntervalSeconds });
    }
    await ensureMetrics(tx);
    return { sites, accounts };
  });
}

/**
 * Start-up's seed: the demo farm when the database is empty, nothing otherwise. True when it
 * seeded. Two servers starting on one empty PostgreSQL database race; the loser's transaction
 * fails and leaves the winner's farm, which is what it wanted.
 */
export async function seedDemoFarmIfEmpty(
  db: Database,
  options: { now: Date; reportIntervalSeconds?: number },
): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  try {
    await seedDemoFarm(db, options);
    return true;
  } catch (error) {
    if (await isDatabaseEmpty(db)) throw error;
    return false;
  }
}
