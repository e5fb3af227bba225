/**
 * Seeds the fleet benches' database (fleet-scale.ts) into the database the environment names
 * (PADDOCK_DATA_DIR's embedded one, or DATABASE_URL), which must be empty: `npm run bench:web`
 * runs it on its fleet stack's data folder before the server starts there. A process of its own,
 * so the bench's browser side neither holds the embedded database nor imports the server.
 *
 *   node --import tsx apps/server/bench/fleet-scale-cli.ts --sites 500 --radios-per-site 200
 */
import { parseArgs } from 'node:util';
import { loadConfig, runCommand } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedFleetScale } from './fleet-scale.ts';
import { positive } from './report.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sites: { type: 'string', default: '500' },
      'radios-per-site': { type: 'string', default: '200' },
    },
  });
  const handle = await openDatabase(loadConfig().database);
  try {
    const { alarms } = await seedFleetScale(handle.db, {
      sites: positive('sites', values.sites),
      radiosPerSite: positive('radios-per-site', values['radios-per-site']),
      now: new Date(),
      log: (line) => console.log(`  ${line}`),
    });
    console.log(`  ${alarms} alarms raised; the staff login is a member of every site.`);
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(main);
