/**
 * `npm run bench:alarm`: the time from a reading that crosses a set point to the sms provider
 * accepting the alarm's sms, through the path the server runs: the ingest writer's commit (the
 * sensor's latest value and the batch's followup, in one transaction), the followup worker
 * evaluating the rule (transition, event, outbox row), the sender taking the outbox row after
 * the grouping wait, and the Twilio adapter posting Messages.json to the local stand-in.
 * Prints p50, p99 and max over the samples; each sample raises the alarm and clears it again.
 *
 * Options: --samples N (30) --group S (the grouping wait, ALARM_GROUP_SECONDS, 2)
 *          --poll MS (the sender's polling, ALARM_SEND_POLL_MS, 500)
 *          --followup-poll MS (the followup worker's polling, FOLLOWUP_POLL_MS, 100)
 * PGlite in a temporary folder, or DATABASE_URL's server in a temporary database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { alarmFollowupHandler } from '../src/alarms/engine.ts';
import { startSender } from '../src/alarms/sender.ts';
import { createTwilio } from '../src/alarms/twilio.ts';
import { startTwilioStandin } from '../../devstack/src/twilio-standin/standin.ts';
import { openDatabase } from '../src/db/client.ts';
import { FOLLOWUP_POLL_MS, startFollowups } from '../src/ingest/followups.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { addAlarm, soilDryRule } from '../test/helpers/alarms.ts';
import { seedTestFarm } from '../test/helpers/farm.ts';
import { commitSensorReport } from '../test/helpers/sensor-report.ts';
import { temporaryPostgres } from './temporary-postgres.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '30' },
    group: { type: 'string', default: '2' },
    poll: { type: 'string', default: '500' },
    'followup-poll': { type: 'string', default: String(FOLLOWUP_POLL_MS) },
  },
});
const samples = Number(args.samples);
const groupMs = Number(args.group) * 1000;
const pollMs = Number(args.poll);
const followupPollMs = Number(args['followup-poll']);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-alarm-'));
  const postgres = process.env.DATABASE_URL ? await temporaryPostgres() : null;
  const handle = await openDatabase(
    postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir },
  );
  const { db } = handle;
  const standin = await startTwilioStandin({ callbackDelayMs: 3_600_000 });
  const farm = await seedTestFarm(db);
  await addAlarm(db, farm, {
    rule: { ...soilDryRule(farm), id: 1 },
    notifications: [farm.notifications.smsA.id],
  });
  const clock = { now: () => new Date() };
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const followups = startFollowups({
    db,
    log: quiet,
    intervalMs: followupPollMs,
    handlers: [alarmFollowupHandler({ groupMs, now: clock.now })],
  });
  const sender = startSender({
    db,
    mailer: createMailer({ db, from: 'bench@paddock.test', smtpUrl: null, outboxDir: dataDir }),
    twilio: createTwilio({
      baseUrl: standin.url,
      accountSid: standin.accountSid,
      authToken: standin.authToken,
      smsFrom: '+15005550006',
      voiceFrom: '+15005550006',
    }),
    outboxDir: dataDir,
    publicUrl: 'http://127.0.0.1:9',
    apiBasePath: '/api',
    linkSecret: 'bench-link-secret',
    clock,
    log: quiet,
    intervalMs: pollMs,
  });

  /** What the ingest writer commits for one reading of the soil sensor. */
  const reading = (value: number) =>
    commitSensorReport(db, { sensor: farm.sensors.soil.id, metric: 'soil.moisture', value });

  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    await reading(30);
    await new Promise((resolve) => setTimeout(resolve, Math.max(pollMs, followupPollMs) * 2));
    const accepted = standin.next();
    const start = performance.now();
    await reading(10);
    await accepted;
    latencies.push(performance.now() - start);
    // Back over the set point: the simple set point clears at the next evaluation.
  }
  await followups.close();
  await sender.close();
  await standin.close();
  await handle.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });

  const sorted = latencies.slice().sort((a, b) => a - b);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `${postgres ? 'PostgreSQL' : 'PGlite'}: crossing reading → sms accepted by the provider, ` +
      `${samples} samples, grouping wait ${groupMs / 1000} s, sender polling ${pollMs} ms, followups ${followupPollMs} ms`,
  );
  console.log(
    `  p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? NaN)}`,
  );
}

await main();
