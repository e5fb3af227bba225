/**
 * The server as tests use it: the real app and a real database, a clock the test moves, and a
 * helper that signs a user in without going through the login call.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signAccessToken } from '../../src/auth/access-token.ts';
import { createSession } from '../../src/auth/sessions.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type ServerConfig } from '../../src/config.ts';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { createTestDatabase } from './database.ts';
import { seedTestFarm, type TestFarm } from './farm.ts';

export type TestClock = {
  now: () => Date;
  set: (date: Date) => void;
  advance: (ms: number) => void;
};

export function testClock(start = new Date('2026-11-21T09:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/**
 * A bearer token for the user, as if they had signed in: a new session and an access token of
 * it.
 */
export async function signedInToken(
  db: Database,
  tokenSecret: Uint8Array,
  input: {
    userId: number;
    actorUserId: number | null;
    sessionTtlSeconds: number;
    accessTtlSeconds: number;
    now: Date;
  },
): Promise<string> {
  const { userId, actorUserId, now } = input;
  const session = await createSession(db, {
    userId,
    actorUserId,
    ttlSeconds: input.sessionTtlSeconds,
    now,
  });
  const { token } = await signAccessToken(
    { userId, sessionId: session.sessionId, actorUserId },
    tokenSecret,
    input.accessTtlSeconds,
    now.getTime(),
  );
  return token;
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  /** The database under `db`, for what needs the driver itself (pg-boss). */
  handle: DatabaseHandle;
  clock: TestClock;
  config: ServerConfig;
  farm: TestFarm;
  outboxDir: string;
  /** A bearer token for the user, as if they had signed in. */
  tokenFor: (userId: number, actorUserId?: number) => Promise<string>;
  /** `app.inject` with the user's bearer token. */
  as: (userId: number, options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

export async function buildTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const handle = await createTestDatabase();
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'paddock-outbox-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', PADDOCK_DATA_DIR: outboxDir, ...env });
  const clock = testClock();
  const mailer = createMailer({
    db: handle.db,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir,
  });
  const app = await buildApp(config, { db: handle.db, clock, mailer });
  await app.ready();
  const farm = await seedTestFarm(handle.db);

  const tokenFor = (userId: number, actorUserId?: number) =>
    signedInToken(handle.db, app.ctx.tokenSecret, {
      userId,
      actorUserId: actorUserId ?? null,
      sessionTtlSeconds: config.refreshTokenTtlSeconds,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      now: clock.now(),
    });
  const tokens = new Map<number, string>();
  const as = async (userId: number, options: InjectOptions) => {
    let token = tokens.get(userId);
    if (!token) {
      token = await tokenFor(userId);
      tokens.set(userId, token);
    }
    return app.inject({
      ...options,
      headers: { ...options.headers, authorization: `Bearer ${token}` },
    });
  };

  return {
    app,
    db: handle.db,
    handle,
    clock,
    config,
    farm,
    outboxDir,
    tokenFor,
    as,
    close: async () => {
      await app.close();
      mailer.close();
      await handle.close();
    },
  };
}

/**
 * The app as `config` builds it, on a test database started from the suite's migrated template,
 * not on one it would create and migrate itself (2 s alone, far more beside the end-to-end
 * stack), for tests of the host rather than the data. Closing the app drops the database.
 */
export async function buildAppOnTestDatabase(config: ServerConfig) {
  const handle = await createTestDatabase();
  const app = await buildApp(config, { db: handle.db });
  app.addHook('onClose', () => handle.close());
  return app;
}
