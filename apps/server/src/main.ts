/**
 * `npm start` / `npm run serve`: one process with every role by default — the HTTP API and
 * console, the embedded broker, ingest, the worker and the demo farm's simulator. PADDOCK_ROLES
 * splits them across processes (docs/field-protocol.md "Running several processes").
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startFieldServices } from './field/field-services.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoFarmIfEmpty } from './seed/demo-farm.ts';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  const app = await buildApp(config, { db: handle.db });
  if (
    config.demo &&
    (await seedDemoFarmIfEmpty(handle.db, {
      now: app.ctx.clock.now(),
      ...(config.field.demoReportIntervalSeconds
        ? { reportIntervalSeconds: config.field.demoReportIntervalSeconds }
        : {}),
    }))
  ) {
    const logins = DEMO_ACCOUNTS.map((account) => account.login).join(', ');
    app.log.info(`demo farm seeded: sign in as ${logins} with password ${DEMO_PASSWORD}`);
  }

  const field = await startFieldServices({
    handle,
    config,
    clock: app.ctx.clock,
    log: app.log.child({ part: 'field' }),
  });

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      void app
        .close()
        .then(() => field.close())
        .then(() => handle.close())
        .then(() => process.exit(0));
    });
  }

  if (config.field.roles.includes('api')) {
    await app.listen({ port: config.port, host: config.host });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
