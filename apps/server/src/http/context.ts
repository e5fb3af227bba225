/**
 * What every route reaches through `app`: the database, the mailer, the clock and the server
 * configuration. Tests build the same context with an in-memory database and a fixed clock.
 */
import type { ServerConfig } from '../config.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AfterAnswer } from './after-answer.ts';

export type AppContext = {
  config: ServerConfig;
  db: Database;
  mailer: Mailer;
  clock: Clock;
  tokenSecret: Uint8Array;
  /** Work requests leave for after their answers, waited for before the app closes. */
  afterAnswer: AfterAnswer;
};

export type RequestAuth = {
  userId: number;
  sessionId: string;
  /** The staff member acting as this user (login/as), if any. */
  actorUserId: number | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** onRequest hook that requires a valid access token and sets `request.auth`; it runs before validation, so a call without a token is 401 whatever its body. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** The signed-in caller; only valid after the `authenticate` hook. */
export function authOf(request: { auth: RequestAuth | null }): RequestAuth {
  if (!request.auth) throw new Error('route reads request.auth without the authenticate hook');
  return request.auth;
}
