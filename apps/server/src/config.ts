/**
 * Server configuration, read once from the environment and parsed with zod at the boundary:
 * a bad value stops start-up with the variable's name instead of surfacing later.
 */
import { environmentSchema, FIELD_TOPIC_ROOT } from '@paddock/domain';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DatabaseTarget } from './db/client.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const SERVER_ROLES = ['api', 'ingest', 'worker'] as const;

/** The instance name of a process not given one: right for one process per role. */
const DEFAULT_INSTANCE = 'main';

/**
 * Base path of the REST API, announced to the console through appConfig.json (spec §7). Here, not
 * in a route file, because the worker puts it in the links of alarm messages too.
 */
export const API_BASE_PATH = '/api';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PADDOCK_ENVIRONMENT: environmentSchema.default('development'),
  /** Error-reporting (Bugsnag) key handed to the console; only used outside development. */
  BUGSNAG_API_KEY: z.string().default(''),
  /** Region announced to the console in appConfig.json and sent with every login. */
  PADDOCK_REGION: z.string().min(1).default('ap-southeast-2'),
  /** Where the built console lives; `npm run build` writes it here. */
  WEB_DIST: z.string().min(1).default(path.join(repositoryRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per entry (the default on a terminal); `json`: pino's lines (otherwise). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** PostgreSQL instead of the embedded database. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** On PostgreSQL: a statement running longer is cancelled, and its API call answers 503. */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().positive().default(15),
  /** On PostgreSQL: a connection not made by then fails, and its API call answers 503. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  /** On PostgreSQL: the background lane's own pool (exports, reports, recomputations; db/lanes.ts). */
  DATABASE_BACKGROUND_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(3),
  /** Folder of the embedded database and the local mail outbox. */
  PADDOCK_DATA_DIR: z.string().min(1).default(path.join(repositoryRoot, 'data')),
  /**
   * The export folder: files the server writes for people outside it to keep (the audit log's
   * daily anchors, audit-anchors/site-<id>/<date>.json). Default: PADDOCK_DATA_DIR/exports.
   */
  PADDOCK_EXPORT_DIR: z.string().min(1).optional(),
  /**
   * Whole calendar months of audit log kept before the current one (84: seven years); older
   * months are removed once their last daily anchor is written and kept.
   */
  AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(84),
  /** SMTP server for outgoing email, e.g. smtp://user:pass@mail.example:587; none keeps mail in the outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Paddock <no-reply@paddock.example>'),
  /** Address of the console as users reach it, for links in emails. */
  PUBLIC_URL: z.url().optional(),
  /** Signs access tokens; when unset a random secret is made once and kept in the database. */
  PADDOCK_TOKEN_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  /**
   * Addresses or CIDR ranges of the proxies in front of the server, comma-separated, whose
   * X-Forwarded-For names the client (login throttling per address). Empty, the default, trusts
   * none, so a client cannot forge its address.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  /**
   * How long a client may take to send a request's headers, and the whole request: a half-sent
   * request is answered 408 and closed, instead of holding its connection forever.
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /**
   * A connection that sends nothing this long before its first request is closed (nothing else
   * closes one that never sends a byte). Also the longest a connection's first response may stay
   * silent.
   */
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /**
   * How long a connection is kept open between requests: Fastify's 72 s, longer than the 60 s
   * idle timeout of the usual load balancers, so they close first and never send on a closing one.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(72),
  /**
   * Open HTTP connections beyond which a new one is closed at once: a browser keeps up to 6 per
   * site, so about a thousand consoles, and well below the open-file limit the database, the
   * broker's devices and the files need too.
   */
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(5000),
  /** The status page's summary (incidents and maintenances) behind the console's banner. */
  STATUS_SUMMARY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long the status page's answer is reused; 0 asks it on every call (end-to-end tests). */
  STATUS_SUMMARY_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * An external MQTT broker (Mosquitto, EMQX), e.g. mqtt://user:pass@broker:1883. Unset, the
   * server runs its own embedded broker on MQTT_PORT.
   */
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?)$/ }).optional(),
  /** Port of the embedded broker; 0 picks a free one. Not 1883, which a local Mosquitto often holds. */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
  /** Root of the field protocol's topics (docs/field-protocol.md). */
  FIELD_TOPIC_ROOT: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'topic levels without wildcards')
    .default(FIELD_TOPIC_ROOT),
  /** Derives device and gateway broker passwords; when unset a random one is kept in the database. */
  FIELD_SECRET: z.string().min(32).optional(),
  /** What this process does: api (HTTP), ingest (field uplinks), worker (runner, timeouts, sweeps). */
  PADDOCK_ROLES: z
    .string()
    .default('api,ingest,worker')
    .transform((list) => list.split(',').map((role) => role.trim()))
    .pipe(z.array(z.enum(SERVER_ROLES)).min(1)),
  /**
   * This process's name among several: its broker sessions are kept under it, so messages queued
   * while it was away come back to whichever process starts with the same name. Stable across
   * redeploys (docs/field-protocol.md "Running several processes"); not the host name, which a
   * redeploy changes and whose old session would hold its share of the uplinks for days.
   */
  PADDOCK_INSTANCE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  /** How often the worker looks for overdue radios and units. */
  OVERDUE_SWEEP_SECONDS: z.coerce.number().positive().default(10),
  /** A command with no final ack by then fails, and its request with it. */
  COMMAND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),
  /**
   * The sms and voice provider (Twilio's REST API, or the local stand-in that speaks it). Unset:
   * sms and calls are written to the outbox folder (PADDOCK_DATA_DIR/outbox) instead.
   */
  TWILIO_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** Sender numbers, E.164. */
  TWILIO_SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/)
    .default('+15005550006'),
  TWILIO_VOICE_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/)
    .optional(),
  /** How long the first message of an alarm waits for others of the site to go with it. */
  ALARM_GROUP_SECONDS: z.coerce.number().min(0).max(300).default(2),
  /** How often the worker looks for alarm messages due. */
  ALARM_SEND_POLL_MS: z.coerce.number().int().min(50).default(500),
});

/**
 * The environment turned into the server's settings. Their type is this transform's output, so a
 * setting is declared once, in the schema above, and read under a name of its own.
 */
const serverConfigSchema = envSchema
  .refine((e) => e.HTTP_HEADERS_TIMEOUT_SECONDS <= e.HTTP_REQUEST_TIMEOUT_SECONDS, {
    message: 'at most HTTP_REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
    path: ['HTTP_HEADERS_TIMEOUT_SECONDS'],
  })
  .transform((e) => {
    const database: DatabaseTarget = e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
          backgroundPoolSize: e.DATABASE_BACKGROUND_POOL_SIZE,
        }
      : { kind: 'pglite', dataDir: e.PADDOCK_DATA_DIR };
    return {
      port: e.PORT,
      host: e.HOST,
      environment: e.PADDOCK_ENVIRONMENT,
      bugsnagApiKey: e.BUGSNAG_API_KEY,
      region: e.PADDOCK_REGION,
      webDist: e.WEB_DIST,
      logLevel: e.LOG_LEVEL,
      logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
      database,
      dataDir: e.PADDOCK_DATA_DIR,
      exportDir: e.PADDOCK_EXPORT_DIR ?? path.join(e.PADDOCK_DATA_DIR, 'exports'),
      auditRetentionMonths: e.AUDIT_RETENTION_MONTHS,
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
      tokenSecret: e.PADDOCK_TOKEN_SECRET ?? null,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
      trustedProxies: e.TRUST_PROXY,
      http: {
        headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
        requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
        idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
        keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
        maxConnections: e.HTTP_MAX_CONNECTIONS,
      },
      statusSummaryUrl: e.STATUS_SUMMARY_URL ?? null,
      statusSummaryCacheMs: e.STATUS_SUMMARY_CACHE_MS,
      field: {
        mqttUrl: e.MQTT_URL ?? null,
        embeddedBrokerPort: e.MQTT_PORT,
        topicRoot: e.FIELD_TOPIC_ROOT,
        fieldSecret: e.FIELD_SECRET ?? null,
        roles: [...new Set(e.PADDOCK_ROLES)],
        instance: e.PADDOCK_INSTANCE ?? DEFAULT_INSTANCE,
        overdueSweepSeconds: e.OVERDUE_SWEEP_SECONDS,
        commandTimeoutSeconds: e.COMMAND_TIMEOUT_SECONDS,
      },
      alarms: {
        twilio:
          e.TWILIO_BASE_URL && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
            ? {
                baseUrl: e.TWILIO_BASE_URL,
                accountSid: e.TWILIO_ACCOUNT_SID,
                authToken: e.TWILIO_AUTH_TOKEN,
                smsFrom: e.TWILIO_SMS_FROM,
                voiceFrom: e.TWILIO_VOICE_FROM ?? e.TWILIO_SMS_FROM,
              }
            : null,
        groupMs: e.ALARM_GROUP_SECONDS * 1000,
        sendPollMs: e.ALARM_SEND_POLL_MS,
      },
    };
  });

export type ServerConfig = z.output<typeof serverConfigSchema>;
export type HttpLimits = ServerConfig['http'];

export class ConfigError extends Error {}

/**
 * Runs a command-line entry point (db:seed, db:migrate, field:keys) and exits with the code it
 * returns. A configuration mistake prints its message alone; anything else, the error with its
 * stack.
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}

/**
 * Parses the environment with `schema` at the boundary: an empty variable counts as unset (e.g.
 * `DATABASE_URL= npm start` for the embedded database), a bad value throws a ConfigError that
 * names its variable.
 */
export function parseEnvironment<Schema extends z.ZodType>(
  schema: Schema,
  env: NodeJS.ProcessEnv,
): z.output<Schema> {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return parseEnvironment(serverConfigSchema, env);
}
