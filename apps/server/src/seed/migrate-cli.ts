/**
 * `npm run db:migrate`: brings the configured database up to the latest migration and exits.
 * The server does the same at every start; this is for deploys that migrate before they start.
 */
import { loadConfig, runCommand } from '../config.ts';
import { openDatabase } from '../db/client.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  await handle.close();
  const where =
    config.database.kind === 'pglite'
      ? `the embedded database in ${config.database.dataDir ?? 'memory'}`
      : 'PostgreSQL';
  console.log(`Migrated ${where} to the latest schema.`);
  return 0;
}

runCommand(main);
