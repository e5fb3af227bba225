/**
 * `npm run simulator -- …`: the virtual farm from the command line.
 *
 *   npm run simulator -- --site 1:KEY --site 2:KEY          run against the local server's broker
 *   npm run simulator -- --broker mqtt://host:1883 --keys-from keys.txt
 *   npm run simulator -- --scale --devices 1000 --rate 10000 --duration 60 --keys-from keys.txt
 *   npm run simulator -- --backfill 3y --keys-from keys.txt [--serial WVC-004512 …]
 *   npm run simulator -- fault silence --serial WVC-004512
 *   npm run simulator -- fault lowBattery --serial LRA-012033
 *   npm run simulator -- fault valveFault --serial WVC-004513 [--control-id 12]
 *   npm run simulator -- fault pumpFault --control-id 40      (a pump's motor protection trips)
 *   npm run simulator -- fault tankLevelFault --sensor 77     (a tank's level probe fails)
 *   npm run simulator -- fault spike --sensor 31 [--metric soil.moisture] [--value 99] [--reports 3]
 *   npm run simulator -- fault burst --section 10       (a zone passes ×1.6 its flow while it runs)
 *   npm run simulator -- fault blocked --section 10     (…×0.2)
 *   npm run simulator -- fault leak --sensor 202 [--flow 20]   (L/min on a meter, running or not)
 *   npm run simulator -- clear [--id 2] [--kind silence] [--serial WVC-004512]
 *   npm run simulator -- faults | devices
 *   npm run simulator -- frost-night [--site 1] [--minutes 3]   a compressed frost night now
 *   npm run simulator -- --site 4:KEY --network chirpstack --application-id APP \
 *       --network-password NETWORK_SERVER_KEY [--unprovisioned 70B3D57ED0000001]
 *       the site's radios with a devEUI report as a ChirpStack v4 (or, with tts and
 *       --tenant, a The Things Stack v3) network server's uplinks, on --network-broker (the
 *       field broker by default, as user network-server: its key is in `npm run field:keys`)
 *
 * Keys come from `npm run field:keys` (save its output for --keys-from). The fault commands talk
 * to a running simulator's control server (--control, default http://127.0.0.1:8091) — the
 * one `npm start` runs beside the server, or a standalone run.
 */
import { FIELD_TOPIC_ROOT, normaliseDevEui } from '@paddock/domain';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { backfill, parseSpan } from './backfill.ts';
import { DEFAULT_CONTROL_PORT } from './control-server.ts';
import { faultInputSchema } from './faults.ts';
import { frostNightInputSchema } from './frost-night.ts';
import { mergeSites, parseKeysListing, parseSiteArgument, SiteArgumentError } from './keys.ts';
import { seededRandom } from './random.ts';
import { runScale } from './scale.ts';
import {
  startSimulator,
  type NetworkServerLink,
  type SimulatorLog,
  type SimulatorSite,
} from './simulator.ts';

/** The embedded broker of a local `npm start`. */
const DEFAULT_BROKER = 'mqtt://127.0.0.1:1884';

const USAGE = `usage:
  npm run simulator -- [--broker URL] [--root ROOT] (--site ID[:KEY] … | --keys-from FILE)
                       [--report-every SECONDS] [--seed N] [--control-port PORT]
  npm run simulator -- --scale --devices N --rate MSG_PER_S [--duration SECONDS] (sites as above)
  npm run simulator -- --backfill SPAN [--step SECONDS] [--serial SERIAL …] (sites as above)
  npm run simulator -- fault (silence|lowBattery|valveFault|spike|pumpFault|tankLevelFault|
                              burst|blocked|leak)
                       [--serial S] [--control-id N] [--section ZONE_ID]
                       [--sensor N] [--metric M] [--value V] [--reports N] [--flow L_PER_MIN]
                       [--control URL]
  npm run simulator -- clear [--id N] [--kind KIND] [--serial S] [--control URL]
  npm run simulator -- faults | devices [--control URL]
  npm run simulator -- frost-night [--site ID] [--minutes M] [--control URL]
network server mode, with any run above (every site given):
  --network chirpstack|tts --application-id ID [--tenant T] [--network-broker URL]
  [--network-user USER] [--network-password KEY] [--raw] [--unprovisioned DEVEUI …]`;

class UsageError extends Error {}

const consoleLog: SimulatorLog = {
  info: (object, message) => console.log(message ?? '', JSON.stringify(object)),
  warn: (object, message) => console.warn('warning:', message ?? '', JSON.stringify(object)),
  error: (object, message) => console.error('error:', message ?? '', JSON.stringify(object)),
};

const positive = (name: string) =>
  z.coerce.number({ error: `${name} takes a number` }).positive(`${name} takes a number above 0`);
const wholeNumber = (name: string) =>
  z.coerce
    .number({ error: `${name} takes a whole number` })
    .int()
    .positive();

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        broker: { type: 'string' },
        root: { type: 'string' },
        site: { type: 'string', multiple: true },
        'keys-from': { type: 'string' },
        'report-every': { type: 'string' },
        seed: { type: 'string' },
        'control-port': { type: 'string' },
        control: { type: 'string' },
        scale: { type: 'boolean', default: false },
        devices: { type: 'string' },
        rate: { type: 'string' },
        duration: { type: 'string' },
        backfill: { type: 'string' },
        step: { type: 'string' },
        serial: { type: 'string', multiple: true },
        'control-id': { type: 'string' },
        sensor: { type: 'string' },
        metric: { type: 'string' },
        value: { type: 'string' },
        reports: { type: 'string' },
        section: { type: 'string' },
        flow: { type: 'string' },
        id: { type: 'string' },
        kind: { type: 'string' },
        minutes: { type: 'string' },
        network: { type: 'string' },
        'network-broker': { type: 'string' },
        'network-user': { type: 'string' },
        'network-password': { type: 'string' },
        'application-id': { type: 'string' },
        tenant: { type: 'string' },
        raw: { type: 'boolean', default: false },
        unprovisioned: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
})();

/** The network server every site given speaks through, with --network; none without. */
function networkFromArguments(brokerUrl: string): NetworkServerLink | undefined {
  if (values.network === undefined) {
    if (values['application-id'] !== undefined || values.unprovisioned !== undefined)
      throw new UsageError('--application-id and --unprovisioned go with --network');
    return undefined;
  }
  const kind = parse(
    z.enum(['chirpstack', 'tts'], { error: '--network takes chirpstack or tts' }),
    values.network,
  );
  const applicationId = values['application-id'];
  if (applicationId === undefined) throw new UsageError('--network needs --application-id');
  for (const devEui of values.unprovisioned ?? []) {
    if (normaliseDevEui(devEui) === null)
      throw new UsageError(`--unprovisioned takes a devEUI, not "${devEui}"`);
  }
  const password = values['network-password'];
  return {
    kind,
    brokerUrl: values['network-broker'] ?? brokerUrl,
    username: values['network-user'] ?? 'network-server',
    ...(password === undefined ? {} : { password }),
    applicationId,
    ...(values.tenant === undefined ? {} : { tenant: values.tenant }),
    decoded: !values.raw,
    unprovisioned: values.unprovisioned ?? [],
  };
}

function sitesFromArguments(): SimulatorSite[] {
  const sites = (values.site ?? []).map(parseSiteArgument);
  const keysFrom = values['keys-from'];
  if (keysFrom) {
    const text = readFileSync(keysFrom === '-' ? 0 : keysFrom, 'utf8');
    sites.unshift(...parseKeysListing(text));
  }
  if (sites.length === 0)
    throw new UsageError('name the sites to serve: --site ID[:KEY] or --keys-from FILE');
  return mergeSites(sites);
}

function connection() {
  const brokerUrl = values.broker ?? process.env.MQTT_URL ?? DEFAULT_BROKER;
  const network = networkFromArguments(brokerUrl);
  return {
    brokerUrl,
    topicRoot: values.root ?? process.env.FIELD_TOPIC_ROOT ?? FIELD_TOPIC_ROOT,
    sites: sitesFromArguments().map((site) => (network ? { ...site, network } : site)),
    random:
      values.seed === undefined
        ? Math.random
        : seededRandom(parse(wholeNumber('--seed'), values.seed)),
  };
}

const controlUrl = () => values.control ?? `http://127.0.0.1:${DEFAULT_CONTROL_PORT}`;

/** Asks a running simulator's control server and prints its answer. */
async function control(method: string, path: string, body?: unknown): Promise<number> {
  let response: Response;
  try {
    response = await fetch(`${controlUrl()}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
  } catch {
    console.error(`No simulator answers at ${controlUrl()} (start one, or pass --control URL).`);
    return 1;
  }
  const answer: unknown = await response.json();
  console.log(JSON.stringify(answer, null, 2));
  return response.ok ? 0 : 1;
}

async function fault(kind: string | undefined): Promise<number> {
  const numberOf = (name: string, text: string | undefined) =>
    text === undefined
      ? undefined
      : parse(z.coerce.number({ error: `${name} takes a number` }), text);
  const serial = values.serial?.[0];
  const input = Object.fromEntries(
    Object.entries({
      kind,
      serialno: serial,
      controlId: numberOf('--control-id', values['control-id']),
      sensorId: numberOf('--sensor', values.sensor),
      metric: values.metric,
      value: numberOf('--value', values.value),
      reports: numberOf('--reports', values.reports),
      sectionId: numberOf('--section', values.section),
      flow: numberOf('--flow', values.flow),
    }).filter(([, value]) => value !== undefined),
  );
  const parsed = faultInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new UsageError(
      parsed.error.issues
        .map((issue) =>
          issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
        )
        .join('; '),
    );
  }
  return control('POST', '/faults', parsed.data);
}

async function run(): Promise<number> {
  const options = connection();
  const simulator = await startSimulator({
    ...options,
    ...(values['report-every'] === undefined
      ? {}
      : { reportEverySeconds: parse(positive('--report-every'), values['report-every']) }),
    controlPort:
      values['control-port'] === undefined
        ? DEFAULT_CONTROL_PORT
        : parse(z.coerce.number().int().min(0).max(65535), values['control-port']),
    log: consoleLog,
  });
  console.log(
    `Simulating sites ${options.sites.map((site) => site.siteId).join(', ')} on ${options.brokerUrl}; ` +
      `faults at ${simulator.controlUrl}. Ctrl-C stops.`,
  );
  setTimeout(() => {
    const devices = simulator.devices();
    console.log(`${devices.length} virtual devices from the retained configs.`);
    if (devices.length === 0) {
      console.log('None yet: is the server running and are these the right sites and keys?');
    }
  }, 3000).unref();
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await simulator.close();
  return 0;
}

async function scale(): Promise<number> {
  const options = connection();
  const result = await runScale({
    ...options,
    devices: parse(wholeNumber('--devices'), values.devices),
    rate: parse(positive('--rate'), values.rate),
    durationSeconds: parse(positive('--duration'), values.duration ?? '30'),
    log: consoleLog,
    onSecond: ({ second, sent, acknowledged }) =>
      console.log(`${second}s: ${sent} sent, ${acknowledged} acknowledged`),
  });
  console.log(
    `${result.devices} devices sent ${result.sent} messages (${result.readingsPerMessage.toFixed(1)} readings each); ` +
      `${result.acknowledged} acknowledged in ${result.seconds.toFixed(1)} s = ${Math.round(result.perSecond)} messages/s.`,
  );
  return 0;
}

async function history(span: string): Promise<number> {
  if (parseSpan(span) === null)
    throw new UsageError(`--backfill takes a span like 3y, 26w, 90d or 12h`);
  const options = connection();
  const started = Date.now();
  const result = await backfill({
    ...options,
    span,
    ...(values.step === undefined ? {} : { stepSeconds: parse(positive('--step'), values.step) }),
    ...(values.serial ? { serialnos: values.serial } : {}),
    log: consoleLog,
    onProgress: ({ messages, readings, time }) =>
      console.log(`${messages} messages, ${readings} readings, up to ${time}`),
  });
  console.log(
    `Back-filled ${result.devices} devices from ${result.from} to ${result.to}: ` +
      `${result.readings} readings in ${result.messages} messages, ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return 0;
}

async function main(): Promise<number> {
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [command, argument] = positionals;
  switch (command) {
    case 'fault':
      return fault(argument);
    case 'clear': {
      const query = new URLSearchParams(
        Object.entries({ id: values.id, kind: values.kind, serialno: values.serial?.[0] }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      );
      return control('DELETE', `/faults${query.size ? `?${query}` : ''}`);
    }
    case 'faults':
      return control('GET', '/faults');
    case 'devices':
      return control('GET', '/devices');
    case 'frost-night': {
      const site = values.site?.[0];
      const input = frostNightInputSchema.safeParse({
        ...(site === undefined ? {} : { siteId: parse(wholeNumber('--site'), site) }),
        ...(values.minutes === undefined
          ? {}
          : { minutes: parse(positive('--minutes'), values.minutes) }),
      });
      if (!input.success)
        throw new UsageError(input.error.issues.map((issue) => issue.message).join('; '));
      return control('POST', '/frost-night', input.data);
    }
    case undefined:
      if (values.scale) return scale();
      if (values.backfill !== undefined) return history(values.backfill);
      return run();
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof SiteArgumentError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
