/**
 * `npm run serve`: the server alone, one process with every role by default — the HTTP API and
 * console, the embedded broker, ingest and the worker. PADDOCK_ROLES splits them across
 * processes (docs/field-protocol.md "Running several processes"). The demo farm and its
 * simulator come with `npm start` (apps/devstack), never from the server itself.
 */
import { loadConfig } from './config.ts';
import { runUntilStopped } from './start/run.ts';
import { startServer } from './start/server.ts';

runUntilStopped(async () => startServer(loadConfig()));
