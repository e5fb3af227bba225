import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from './e2e/support/chromium.ts';

/**
 * End-to-end tests drive the real built console in Debian's Chromium against the real server.
 * Nothing is downloaded: `scripts/ensure-browser.sh` installs the browser from Debian's packages.
 */
const port = Number(process.env.E2E_PORT ?? 8190);
/** Each run starts the product as a newcomer would: embedded database in a new folder, demo farm loaded. */
// Kept in the environment so test workers (which load this file again) read the same folder,
// e.g. to open the emails the server wrote to its outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'paddock-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
/** A local status page (incidents and maintenances) behind the incident banner; tests PUT its summary. */
const statusPagePort = Number(process.env.E2E_STATUS_PAGE_PORT ?? 8191);
const STATUS_PAGE_URL = `http://127.0.0.1:${statusPagePort}`;
/**
 * The simulator's fault-injection server (tests silence radios, drain batteries): a fixed port
 * beside the console's, kept in the environment so test workers reach it.
 */
const simulatorControlPort = Number(process.env.E2E_SIMULATOR_CONTROL_PORT ?? port + 2);
process.env.E2E_SIMULATOR_CONTROL_URL ??= `http://127.0.0.1:${simulatorControlPort}`;
/**
 * A real SMTP server (e2e/support/mail-sink.ts, the smtp-server package) the shared server sends
 * its mail to; it writes each message into the server's outbox folder, where specs read them.
 */
const mailSinkPort = Number(process.env.E2E_MAIL_SINK_PORT ?? port + 5);
const outboxDir = path.join(dataDir, 'outbox');
/**
 * The devstack's stand-in for the sms and voice provider (Twilio's protocol) on a fixed port, so
 * tests list what it took (GET /standin/outbox).
 */
const twilioStandinPort = Number(process.env.E2E_TWILIO_STANDIN_PORT ?? port + 6);
process.env.E2E_TWILIO_URL ??= `http://127.0.0.1:${twilioStandinPort}`;
/**
 * The devstack's local webhook receiver on a fixed port, so a test points an endpoint at it and
 * lists what it took (GET /standin/webhooks), as it came, headers and body.
 */
const webhookStandinPort = Number(process.env.E2E_WEBHOOK_STANDIN_PORT ?? port + 7);
process.env.E2E_WEBHOOK_STANDIN_URL ??= `http://127.0.0.1:${webhookStandinPort}`;
/**
 * The field secret, so a spec can derive a broker login as an operator would (`npm run
 * field:keys`): the network-links spec links a site to the embedded broker as `network-server`.
 */
process.env.E2E_FIELD_SECRET ??= randomBytes(32).toString('base64url');

/**
 * Three specs at a time against the one shared stack: most of an end-to-end test's time is spent
 * waiting for the field (a compressed frost night, an overdue radio, a roster's step), and waits
 * side by side take the time of one. A spec file's tests stay in order in one worker.
 * Specs that change what the simulated field does run one at a time in a lane of their own, in
 * the alphabetical order of their files: frost nights (the simulator has one night per site),
 * and the irrigation field with the faults injected into Te Awa Vineyard's radios (a silenced
 * coordinator would leave another spec's program start unanswered). With three workers each
 * lane has one from the start and the console's specs the third, and a lane's worker joins the
 * console's once the lane is done.
 * A project that depends on another waits for every project of the phase before it, the
 * console's among them: a lane is one project, its order that of its files, so none waits for
 * the console. Only the status banner's spec does: it changes what every page shows, so it runs
 * alone after the others.
 */
const FROST_NIGHTS = /frost[^/]*\.spec\.ts$/;
/*
 * In the frost lane the frost forecast (frost-forecast) comes after the fan alarms on Te Awa
 * Vineyard (frost-alarms) and before the frost report's night on Rapaura Vineyard (frost-report),
 * so the two nights on Rapaura never overlap.
 *
 * In the irrigation lane: deficit mode starts Loxton's program, and flow supervision tests
 * Rapaura's, each before the irrigation spec starts it; the Telemetry page's faults (a silenced
 * radio, a drained battery) are on the Te Awa Vineyard radios the alarms spec silences, and
 * telemetry comes last.
 */
const IRRIGATION_FIELD =
  /\/(alarms|irrigation|addons|deficit-mode|flow-supervision|telemetry)\.spec\.ts$/;
const ALONE = /status-banner\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 3,
  // Three specs at a time, beside the vitest runs (scripts/test.sh): a test's steps take longer
  // than on an idle machine, and a CI machine may be slower again (a run where everything took
  // 2–3 times as long timed out tests of 17 s at 60 s). A timeout only catches a hang: a test
  // that passes is no slower for it, so each test has 120 s by default, not 30.
  timeout: 120_000,
  // Likewise a page's first answer: a full page load opens the offline cache, the session and
  // the site before the page shows, and on a busy machine that takes longer than 5 s.
  expect: { timeout: 30_000 },
  projects: [
    { name: 'frost nights', testMatch: FROST_NIGHTS, workers: 1 },
    { name: 'irrigation field', testMatch: IRRIGATION_FIELD, workers: 1 },
    // The webhooks spec is a console spec: its alarm is raised on Red Cliffs Citrus, whose alarms
    // no other spec counts, by a rule its probe's ordinary readings already break, not by a fault
    // the simulator injects (the alarms spec clears every spike, whoever injected it).
    { name: 'console', testIgnore: [FROST_NIGHTS, IRRIGATION_FIELD, ALONE] },
    {
      name: 'alone',
      testMatch: ALONE,
      dependencies: ['frost nights', 'irrigation field', 'console'],
    },
  ],
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node --import tsx apps/server/test/helpers/status-page-server.ts',
      url: `${STATUS_PAGE_URL}/api/v2/summary.json`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { STATUS_PAGE_PORT: String(statusPagePort) },
    },
    {
      command: 'node --import tsx e2e/support/mail-sink.ts',
      port: mailSinkPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { MAIL_SINK_PORT: String(mailSinkPort), MAIL_SINK_DIR: outboxDir },
    },
    {
      // `npm start` without the build: the server, the demo farm and the simulator.
      command: 'node --import tsx apps/devstack/src/main.ts',
      url: `http://127.0.0.1:${port}/appConfig.json`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PADDOCK_ENVIRONMENT: 'testing',
        BUGSNAG_API_KEY: 'e2e-key',
        PADDOCK_DATA_DIR: dataDir,
        // Empty means unset: the e2e server always uses the embedded database, as `npm start` does.
        DATABASE_URL: '',
        // Likewise the embedded broker (on a free port) with the simulator beside the server.
        MQTT_URL: '',
        MQTT_PORT: '0',
        SIMULATOR_CONTROL_PORT: String(simulatorControlPort),
        // Two days of past, not `npm start`'s 90: charts have history, and the start stays quick.
        PADDOCK_DEMO_HISTORY: '2d',
        STATUS_SUMMARY_URL: `${STATUS_PAGE_URL}/api/v2/summary.json`,
        // Every banner poll reaches the status page, so a test sees its change at the next poll.
        STATUS_SUMMARY_CACHE_MS: '0',
        // Mail goes over SMTP to the sink above; links in it (acknowledgement, sign-up) name
        // the address the browser uses.
        SMTP_URL: `smtp://127.0.0.1:${mailSinkPort}`,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        TWILIO_STANDIN_PORT: String(twilioStandinPort),
        WEBHOOK_STANDIN_PORT: String(webhookStandinPort),
        FIELD_SECRET: process.env.E2E_FIELD_SECRET,
      },
    },
  ],
});
