/**
 * A frost fan started or stopped from the console (issue 31), as the fan detail follows it: the
 * call, a refusal by the frost rules with its reasons (which the user may override), then the
 * request followed every 5 s until the fan showed what came of it (running, stopped, failed to
 * start) or it failed; the end is told as a notification, like a valve test's, and the fan's
 * readings are fetched again.
 */
import {
  FAN_START_CHECK_SECONDS,
  FAN_START_REFUSED_REASON,
  isFinalRequestStatus,
  type FanCommandAction,
  type FanRequest,
} from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFanRequest, postFanCommand } from '../../../data/fans/fan-requests.ts';
import { useFollowRequest, type RequestPace } from '../../../data/requests/follow-request.ts';
import { sensorKeys } from '../../../data/sensors/keys.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

export type FanCommandState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'sending'; readonly action: FanCommandAction }
  /** The frost rules refused the start; the reasons in words. */
  | { readonly phase: 'refused'; readonly reasons: readonly string[] }
  | { readonly phase: 'following'; readonly request: FanRequest }
  | { readonly phase: 'ended'; readonly request: FanRequest | null; readonly error: string | null };

/** Every 5 s until a little past the server's start check, which settles a start by then. */
const FAN_REQUEST_PACE: RequestPace = {
  everyMs: 5_000,
  polls: Math.ceil((FAN_START_CHECK_SECONDS + 30) / 5),
};

/**
 * A request is over for the console once the fan showed what came of it, or it failed or was
 * cancelled; a done request still waits for the fan's RPM. Told to the follow as its status.
 */
function asFollowed(request: FanRequest): FanRequest {
  const waiting = request.status === 'done' && request.outcome === null;
  return waiting ? { ...request, status: 'inProgress' } : request;
}

/** The translation key of where a request stands: its outcome once known, else its status. */
export function fanRequestKey(request: FanRequest): string {
  if (request.outcome) return `Frost.Command.Outcome.${request.outcome}`;
  return `Frost.Command.Status.${request.status}`;
}

export function useFanCommand(
  fan: { readonly id: number; readonly label: string },
  areaId: number,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const followRequest = useFollowRequest();
  const [state, setState] = useState<FanCommandState>({ phase: 'idle' });

  const end = useCallback(
    (request: FanRequest | null, error: string | null) => {
      setState({ phase: 'ended', request, error });
      const failed =
        error !== null ||
        request?.status === 'failed' ||
        request?.status === 'cancelled' ||
        request?.outcome === 'failedToStart';
      notify({
        level: failed ? 'error' : 'info',
        title: error ?? (request ? t(fanRequestKey(request)) : ''),
        message: fan.label,
      });
      void queryClient.invalidateQueries({ queryKey: sensorKeys.area(areaId) });
    },
    [areaId, fan.label, queryClient, t],
  );

  const send = useCallback(
    (action: FanCommandAction, override = false) => {
      setState({ phase: 'sending', action });
      void (async () => {
        let request: FanRequest;
        try {
          request = await postFanCommand(fan.id, action, { override });
        } catch (error) {
          if (isApiError(error) && error.reason === FAN_START_REFUSED_REASON) {
            setState({ phase: 'refused', reasons: error.detail ?? [error.message] });
          } else if (isApiError(error) && error.status === 403) {
            end(null, t('Frost.Command.NotPermitted'));
          } else {
            end(null, isApiError(error) ? error.message : t('Frost.Command.Failed'));
          }
          return;
        }
        setState({ phase: 'following', request });
        notify({ level: 'primary', title: t(fanRequestKey(request)), message: fan.label });
        const followed = asFollowed(request);
        if (isFinalRequestStatus(followed.status)) {
          end(request, null);
          return;
        }
        followRequest(
          {
            requestId: request.id,
            answer: followed,
            ask: async () => {
              const current = await getFanRequest(fan.id, request.id);
              setState({ phase: 'following', request: current });
              return asFollowed(current);
            },
            pace: FAN_REQUEST_PACE,
          },
          (ended) => {
            if (ended.kind === 'final') end(ended.answer, null);
            else if (ended.kind === 'rejected') end(null, ended.error.message);
            else end(null, t('Frost.Command.NoAnswer'));
          },
        );
      })();
    },
    [end, fan.id, fan.label, followRequest, t],
  );

  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, send, dismiss };
}
