/**
 * What runs the server from outside it (apps/devstack, which adds the demo farm and the
 * simulator): its configuration, its start, what seeds write rows with, and the entry-point runner.
 */
export { ConfigError, loadConfig, parseEnvironment, type ServerConfig } from './config.ts';
export type { Database } from './db/client.ts';
export type { PeopleFirst } from './db/lanes.ts';
export type { GatewayKey } from './field/provisioning.ts';
export * from './seed/seed-kit.ts';
export { runUntilStopped, type Running } from './start/run.ts';
export {
  createHistoryStore,
  farmEpoch,
  type HistoryPoints,
  type HistoryStore,
} from './ingest/history-store.ts';
export { startServer, type RunningServer, type StartOptions } from './start/server.ts';
export { portInUse, startupProblem } from './start/startup-errors.ts';
// The devstack's sms and voice stand-in signs its callbacks as Twilio does.
export { twilioSignature } from './alarms/twilio.ts';
