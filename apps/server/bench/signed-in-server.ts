/**
 * A bench's server: its config, and the server signed in as one user the way the test app does
 * it (a session row and an access token for it) and listening on a free port, so the bench's
 * requests carry that token.
 */
import type { buildApp } from '../src/app.ts';
import { signAccessToken } from '../src/auth/access-token.ts';
import { createSession } from '../src/auth/sessions.ts';
import { loadConfig, type ServerConfig } from '../src/config.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * A bench server's config over `env`: quiet, on a random port of `host`, measured as it runs for
 * users (production writes responses without re-validating them), with an access token that
 * outlives seeding and every run.
 */
export function benchServerConfig(env: NodeJS.ProcessEnv, host: string): ServerConfig {
  return loadConfig({
    ...env,
    LOG_LEVEL: 'silent',
    PADDOCK_ENVIRONMENT: 'production',
    BUGSNAG_API_KEY: process.env.BUGSNAG_API_KEY || 'bench',
    HOST: host,
    PORT: '0',
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  });
}

export async function listenSignedIn(
  app: App,
  config: ServerConfig,
  userId: number,
  host: string,
): Promise<{ port: number; token: string }> {
  const session = await createSession(app.ctx.db, {
    userId,
    actorUserId: null,
    ttlSeconds: config.refreshTokenTtlSeconds,
    now: new Date(),
  });
  const { token } = await signAccessToken(
    { userId, sessionId: session.sessionId, actorUserId: null },
    app.ctx.tokenSecret,
    config.accessTokenTtlSeconds,
    Date.now(),
  );
  await app.listen({ host, port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return { port: address.port, token };
}
