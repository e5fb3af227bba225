/**
 * Request dispatch: the API records requests as `new` (an outbox in the database); a dispatcher
 * claims each one with a conditional UPDATE (new → pending) and hands it to the handler its
 * registry names for the request's type and action. Any number of processes may poll: SKIP LOCKED
 * hands each request to one of them, and a request is claimed only once, so the same requestId
 * never actuates twice.
 *
 * A dispatcher claims only the requests it has a handler for. Any other type or action is left
 * as it is (`new`), never claimed and never failed: a process that has the handler (or this one,
 * once it is given the handler) takes it. A handler that throws fails its request.
 */
import type { RequestAction, RequestType } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import {
  newRequestClaimer,
  setRequestStatus,
  type HandledRequestKind,
  type RequestRow,
} from './request.repository.ts';
import type { Log } from '../log.ts';

/** Carries out a request; it arrives claimed (status pending) and the handler moves it on. */
export type RequestHandler = (request: RequestRow) => Promise<void>;

/** Who carries out which request: a handler per request type and action. */
export type RequestHandlers = {
  [Type in RequestType]?: { [Action in RequestAction]?: RequestHandler };
};

/** How often an idle dispatcher looks for new requests. */
const DEFAULT_POLL_INTERVAL_MS = 250;
/** At most this many requests per claim. */
const CLAIM_BATCH = 20;

/** The handler for the request, if the registry has one. */
export function handlerOf(
  handlers: RequestHandlers,
  request: { type: RequestType; action: RequestAction },
): RequestHandler | null {
  return handlers[request.type]?.[request.action] ?? null;
}

export async function startDispatcher(deps: {
  db: Database;
  clock: Clock;
  log: Log;
  handlers: RequestHandlers;
  pollIntervalMs?: number;
}): Promise<{ close(): Promise<void> }> {
  const { db, clock, log, handlers } = deps;

  /** Only requests with a handler are claimed: the rest wait as new. */
  const handled = Object.entries(handlers).flatMap(([type, byAction]): HandledRequestKind[] => {
    const actions = Object.keys(byAction ?? {}) as RequestAction[];
    if (actions.length === 0) return [];
    return [{ type: type as RequestType, actions }];
  });
  const claimNewRequests = newRequestClaimer(handled);

  /** Claims a batch of new requests this dispatcher can carry out; answers how many. */
  async function dispatchOnce(): Promise<number> {
    if (handled.length === 0) return 0;
    const claimed = await claimNewRequests(db, clock.now(), CLAIM_BATCH);
    for (const request of claimed.sort((a, b) => a.id - b.id)) {
      log.info({ requestId: request.id, type: request.type, action: request.action }, 'dispatch');
      try {
        const handler = handlerOf(handlers, request);
        if (!handler) throw new Error(`no handler for a ${request.type} ${request.action}`);
        await handler(request);
      } catch (error) {
        log.error({ err: error, requestId: request.id }, 'request not carried out');
        await setRequestStatus(db, request.id, 'failed', clock.now());
      }
    }
    return claimed.length;
  }

  return repeatEvery({
    intervalMs: deps.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    first: 'after-interval',
    round: async () => {
      await dispatchOnce();
    },
    onError: (error) => log.error({ err: error }, 'request dispatch failed'),
  });
}
