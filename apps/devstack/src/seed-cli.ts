/**
 * `npm run db:seed`: loads the demo farm into the configured database (PADDOCK_DATA_DIR's
 * embedded database, or DATABASE_URL), and with `--sites N` the scale seed on top, with
 * `--big-irrigation-area` the "Big Block" site (one area of 60 zones and 200 valves).
 *
 *   npm run db:seed                                   demo farm into an empty database
 *   npm run db:seed -- --reset                        wipe the database first, then seed
 *   npm run db:seed -- --sites 500 --radios-per-site 200   add the scale seed (bench user)
 *   npm run db:seed -- --big-irrigation-area          add Big Block (demo admin and manager)
 *
 * --reset deletes the embedded database's folder (`<data dir>/pgdata`), or on PostgreSQL drops
 * the schemas `public` and `drizzle` (every table and the migration record) and recreates
 * `public`; the migrations then run again. Refused for the embedded database while a server
 * holds its folder.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { BENCH_LOGIN, DEMO_ACCOUNTS, DEMO_PASSWORD } from '@paddock/domain/demo';
import {
  acquireDataDirLock,
  BIG_BLOCK_LABEL,
  BIG_BLOCK_VALVES,
  BIG_BLOCK_ZONES,
  hashPassword,
  loadConfig,
  openDatabase,
  runCommand,
  seedBigIrrigationArea,
  seedScale,
  type DatabaseTarget,
} from '@paddock/server';
import { isDatabaseEmpty, seedDemoFarm } from './demo-farm/demo-farm.ts';

const USAGE =
  'usage: npm run db:seed -- [--reset] [--sites N [--radios-per-site M]] [--big-irrigation-area]';

const countSchema = z.coerce.number().int().min(1).max(100_000);

async function resetDatabase(target: DatabaseTarget): Promise<void> {
  if (target.kind === 'pglite') {
    if (!target.dataDir) return;
    // Holding the lock proves no server is using the folder while it is deleted.
    const release = acquireDataDirLock(target.dataDir);
    try {
      rmSync(path.join(target.dataDir, 'pgdata'), { recursive: true, force: true });
    } finally {
      release();
    }
    console.log(`Deleted the embedded database in ${target.dataDir}.`);
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(
      'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;',
    );
  } finally {
    await client.end();
  }
  console.log('Dropped every table of the PostgreSQL database.');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      sites: { type: 'string' },
      'radios-per-site': { type: 'string' },
      'big-irrigation-area': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const sites = values.sites === undefined ? null : countSchema.safeParse(values.sites);
  const radios = countSchema.safeParse(values['radios-per-site'] ?? '200');
  if ((sites && !sites.success) || !radios.success) {
    console.error(`--sites and --radios-per-site take a whole number from 1 to 100000.\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  if (values.reset) await resetDatabase(config.database);
  const handle = await openDatabase(config.database);
  try {
    const now = new Date();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    if (await isDatabaseEmpty(handle.db)) {
      const seeded = await seedDemoFarm(handle.db, { now, passwordHash });
      console.log(`Seeded the demo farm: ${seeded.sites.map((site) => site.label).join(', ')}.`);
      console.log(`Sign in with password ${DEMO_PASSWORD} as:`);
      for (const account of DEMO_ACCOUNTS) console.log(`  ${account.login}  ${account.summary}`);
    } else if (!sites && !values['big-irrigation-area']) {
      console.error(
        'The database already has sites or users, so the demo farm was not seeded (it only goes into an empty database).\n' +
          'Run `npm run db:seed -- --reset` to wipe it and start again.',
      );
      return 1;
    } else {
      console.log('The database already has data: the demo farm is left as it is.');
    }
    if (sites) {
      const scale = await seedScale(handle.db, {
        sites: sites.data,
        radiosPerSite: radios.data,
        now,
        passwordHash,
        log: (line) => console.log(line),
      });
      console.log(
        `Added ${scale.siteIds.length} scale sites of ${radios.data} radios; ${BENCH_LOGIN} (password ${DEMO_PASSWORD}) is a member of all of them.`,
      );
    }
    if (values['big-irrigation-area']) {
      const big = await seedBigIrrigationArea(handle.db, { now });
      console.log(
        `Added the site ${BIG_BLOCK_LABEL} (id ${big.siteId}): irrigation area ${big.areaId} with ${BIG_BLOCK_ZONES} zones, ${BIG_BLOCK_VALVES} valves on ${big.radioIds.length} radios and program ${big.programId}.`,
      );
    }
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(main);
