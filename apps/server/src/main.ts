/**
 * `npm run serve`: the server alone, one process with every role by default — the HTTP API and
 * console, the embedded broker, ingest and the worker. PADDOCK_ROLES splits them across
 * processes (docs/scaling.md). The demo farm and its simulator come with `npm start`
 * (apps/devstack), never from the server itself.
 */
import { loadConfig } from './config.ts';
import { runUntilStopped } from './start/run.ts';
import { startServer } from './start/server.ts';

runUntilStopped(async () => {
  const config = loadConfig();
  const running = await startServer(config);
  // A process without the api role answers no HTTP: this line is how its start is seen.
  running.log.info(
    { roles: config.field.roles, instance: config.field.instance, url: running.url },
    'server started',
  );
  return running;
});
