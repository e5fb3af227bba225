import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoFarmIfEmpty } from './seed/demo-farm.ts';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  if (config.demo && (await seedDemoFarmIfEmpty(app.ctx.db, { now: app.ctx.clock.now() }))) {
    const logins = DEMO_ACCOUNTS.map((account) => account.login).join(', ');
    app.log.info(`demo farm seeded: sign in as ${logins} with password ${DEMO_PASSWORD}`);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
