/**
 * Following a field request up until its final status (§3 Request; docs/api.md "Field requests"):
 * the call that made the request answered with its id, and the same call sent again with that id
 * answers the request's current status. A follow is a query of that status which refetches at the
 * request's pace until the status is final, a follow-up is refused, or the pace's last follow-up
 * has passed (unless the server says the request waits for a LoRaWAN device's next uplink); then
 * it ends, once, with what happened.
 *
 *   const follow = useFollowRequest();
 *   follow(
 *     { answer, ask: () => followProgramAction(id, 'start', answer.requestId), requestId, pace },
 *     (end) => …,
 *   );
 *
 * The follow starts the moment it is asked for, not on the next render, so the first follow-up
 * is exactly one period after the answer in hand.
 */
import { isFinalRequestStatus, type RequestStatus } from '@paddock/domain';
import {
  QueryObserver,
  queryOptions,
  useQueryClient,
  type QueryState,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { isApiError, type ApiError } from '../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

/** A follow-up every `everyMs`, at most `polls` of them. */
export interface RequestPace {
  readonly everyMs: number;
  readonly polls: number;
}

/** What the console knows of a request: at least its status. */
export interface RequestAnswer {
  readonly status: RequestStatus;
  /** A command waits at a LoRaWAN network server for a class A device (issue 32). */
  readonly waitingForDevice?: boolean;
}

export interface FollowedRequest<T extends RequestAnswer> {
  readonly requestId: number;
  /** The answer in hand (the one that made the request). */
  readonly answer: T;
  /** Asks for the request's current status; nothing is sent to the field again. */
  readonly ask: () => Promise<T>;
  readonly pace: RequestPace;
}

export type RequestEnd<T extends RequestAnswer> =
  /** The request reached a final status (done, failed or cancelled). */
  | { readonly kind: 'final'; readonly answer: T }
  /** A follow-up was answered with an error (a refusal, the request unknown…). */
  | { readonly kind: 'rejected'; readonly error: ApiError }
  /** The last follow-up passed without a final status (the field may be out of reach). */
  | { readonly kind: 'expired' };

/**
 * How the follow of a request stands: null while it goes on. A follow-up that got no response
 * (offline, status 0) or an unreadable one is not an end: the next one tries again.
 */
export function requestEnd<T extends RequestAnswer>(
  state: QueryState<T, Error>,
  pace: RequestPace,
): RequestEnd<T> | null {
  if (state.status === 'error') {
    if (isApiError(state.error) && state.error.status >= 400) {
      return { kind: 'rejected', error: state.error };
    }
  } else if (state.data !== undefined && isFinalRequestStatus(state.data.status)) {
    return { kind: 'final', answer: state.data };
  }
  // A device that hears commands only after its next uplink is slow, not silent: the server's
  // deadline for it allows for its reporting interval, and ends the request when that passes.
  if (state.status !== 'error' && state.data?.waitingForDevice === true) return null;
  // The answer in hand is initial data, so only follow-ups count.
  return state.dataUpdateCount + state.errorUpdateCount >= pace.polls ? { kind: 'expired' } : null;
}

function followRequestQueryOptions<T extends RequestAnswer>(request: FollowedRequest<T>) {
  return queryOptions<T, Error, T, readonly unknown[]>({
    queryKey: requestKeys.detail(request.requestId),
    queryFn: request.ask,
    initialData: request.answer,
    // The answer in hand is current: the first follow-up waits a full period.
    staleTime: Infinity,
    // A request nobody follows any more is forgotten.
    gcTime: 0,
    // A follow-up that failed is tried again at the next period, not sooner.
    retry: false,
    refetchInterval: (query) =>
      requestEnd(query.state, request.pace) === null ? request.pace.everyMs : false,
    // A hidden tab still learns how its request ended.
    refetchIntervalInBackground: true,
  });
}

/**
 * Follows requests up: `follow(request, onEnd)` calls `onEnd` once when the request ends, and
 * returns a function that stops following it without an end. Every follow stops on unmount.
 */
export function useFollowRequest() {
  const queryClient = useQueryClient();
  const following = useRef(new Set<() => void>());

  useEffect(() => {
    const active = following.current;
    return () => active.forEach((stop) => stop());
  }, []);

  return useCallback(
    <T extends RequestAnswer>(
      request: FollowedRequest<T>,
      onEnd: (end: RequestEnd<T>) => void,
    ): (() => void) => {
      const observer = new QueryObserver(queryClient, followRequestQueryOptions(request));
      let unsubscribe: () => void = () => undefined;
      const stop = () => {
        unsubscribe();
        following.current.delete(stop);
      };
      const check = () => {
        const end = requestEnd(observer.getCurrentQuery().state, request.pace);
        if (end === null || !following.current.has(stop)) return;
        stop();
        onEnd(end);
      };
      following.current.add(stop);
      unsubscribe = observer.subscribe(check);
      check();
      return stop;
    },
    [queryClient],
  );
}
