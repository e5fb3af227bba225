/**
 * A radio's ping from the detail pane (§7 POST radios/{id}/ping): the request is followed every
 * 5 s (§9) until done or failed, with its progress (status and seconds waited) and its result.
 * When it is done the radio has reported, so the area's radios are fetched again.
 */
import {
  isFinalRequestStatus,
  RADIO_PING_POLL_MS,
  type ActionRequest,
  type RequestStatus,
} from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { radioKeys } from '../../data/radios/keys.ts';
import { getRadioRequest, postRadioPing } from '../../data/radios/ping-radio.ts';
import { useFollowRequest, type RequestPace } from '../../data/requests/follow-request.ts';
import { isApiError } from '../../lib/api-client.ts';

/**
 * Decision: twelve follow-ups (a minute). The server fails a command without a final ack after
 * COMMAND_TIMEOUT_SECONDS (30 s by default), so a ping ends well within it.
 */
export const RADIO_PING_PACE: RequestPace = { everyMs: RADIO_PING_POLL_MS, polls: 12 };

export type PingState =
  | { readonly phase: 'idle' }
  /** Sent; `status` is the request's latest (new, pending, inProgress). */
  | { readonly phase: 'running'; readonly status: RequestStatus; readonly startedAt: number }
  | { readonly phase: 'done' }
  | { readonly phase: 'failed'; readonly reason: 'failed' | 'cancelled' | 'expired' | 'refused' };

export function useRadioPing(radioId: number, areaId: number) {
  const queryClient = useQueryClient();
  const follow = useFollowRequest();
  const [state, setState] = useState<PingState>({ phase: 'idle' });
  const stop = useRef<(() => void) | null>(null);

  // Leaving (the detail is keyed by radio, so another radio is a new hook): the follow stops.
  useEffect(() => {
    return () => {
      stop.current?.();
      stop.current = null;
    };
  }, []);

  const finish = useCallback(
    (request: Pick<ActionRequest, 'status'>) => {
      if (request.status === 'done') {
        setState({ phase: 'done' });
        void queryClient.invalidateQueries({ queryKey: radioKeys.area(areaId) });
        void queryClient.invalidateQueries({ queryKey: radioKeys.detail(radioId) });
      } else {
        setState({
          phase: 'failed',
          reason: request.status === 'cancelled' ? 'cancelled' : 'failed',
        });
      }
    },
    [queryClient, areaId, radioId],
  );

  const ping = useCallback(async () => {
    const startedAt = Date.now();
    setState({ phase: 'running', status: 'new', startedAt });
    let request: ActionRequest;
    try {
      request = await postRadioPing(radioId);
    } catch (error) {
      setState({
        phase: 'failed',
        reason: isApiError(error) && error.status === 403 ? 'refused' : 'failed',
      });
      return;
    }
    if (isFinalRequestStatus(request.status)) {
      finish(request);
      return;
    }
    setState({ phase: 'running', status: request.status, startedAt });
    stop.current?.();
    stop.current = follow(
      {
        requestId: request.id,
        answer: request,
        ask: async () => {
          const next = await getRadioRequest(radioId, request.id);
          if (!isFinalRequestStatus(next.status)) {
            setState({ phase: 'running', status: next.status, startedAt });
          }
          return next;
        },
        pace: RADIO_PING_PACE,
      },
      (end) => {
        stop.current = null;
        if (end.kind === 'final') finish(end.answer);
        else setState({ phase: 'failed', reason: end.kind === 'expired' ? 'expired' : 'refused' });
      },
    );
  }, [radioId, follow, finish]);

  return { state, ping } as const;
}
