/**
 * `npm start` (after building the console): the server with the demo farm and the simulator, so
 * a fresh checkout shows a live farm — readings arrive, programs open and close valves.
 * `npm run serve` starts the server alone.
 */
import { loadConfig, runUntilStopped } from '@paddock/server';
import { loadDevstackConfig } from './config.ts';
import { startDevstack } from './devstack.ts';

runUntilStopped(async () => startDevstack(loadConfig(), loadDevstackConfig()));
