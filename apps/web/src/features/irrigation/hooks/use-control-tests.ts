/**
 * Valve tests (§7 POST controls/{id}/test), tracked per control id (§4 "Controls track test and
 * action per control id": idle, loading, finished, error). A test is followed up every 30 s for
 * up to 3 minutes (§9 controlTestPollSchedule), and on while the server says a LoRaWAN valve's
 * command waits for the device's next uplink ("Waiting for the device"; issue 32). It fails with
 * 'Test failed', or 'User cancelled' when the request was cancelled (§8); a refused call (403) is
 * notPermitted.
 */
import {
  CONTROL_TEST_POLL_MS,
  controlTestPollSchedule,
  isFinalRequestStatus,
  TEST_FAILED,
  USER_CANCELLED,
  type Control,
} from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlKeys } from '../../../data/controls/keys.ts';
import { postControlTest } from '../../../data/controls/test-control.ts';
import { useFollowRequest, type RequestPace } from '../../../data/requests/follow-request.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { clientStatusKey } from '../client-status.ts';

/** `waiting`: sent, waiting at a LoRaWAN network server for the device's next uplink. */
export type ControlTestState = 'idle' | 'loading' | 'waiting' | 'finished' | 'error';

/** §9: a follow-up every 30 s, the last at 3 minutes. */
const CONTROL_TEST_PACE: RequestPace = {
  everyMs: CONTROL_TEST_POLL_MS,
  polls: controlTestPollSchedule().length,
};

export function useControlTests(areaId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const followRequest = useFollowRequest();
  const [states, setStates] = useState<ReadonlyMap<number, ControlTestState>>(new Map());

  const set = useCallback((id: number, state: ControlTestState) => {
    setStates((current) => new Map(current).set(id, state));
  }, []);

  const test = useCallback(
    (control: Pick<Control, 'id' | 'label'>) => {
      set(control.id, 'loading');
      notify({ level: 'primary', title: t(clientStatusKey('pending')), message: control.label });
      const end = (state: ControlTestState, title: string) => {
        set(control.id, state);
        notify({
          level: state === 'finished' ? 'info' : 'error',
          title,
          message: control.label,
        });
        void queryClient.invalidateQueries({ queryKey: controlKeys.area(areaId) });
      };
      const failed = (error: unknown) =>
        end(
          'error',
          isApiError(error) && error.status === 403
            ? t(clientStatusKey('notPermitted'))
            : t(TEST_FAILED),
        );
      const outcome = (status: string): boolean => {
        if (status === 'done') end('finished', t('Irrigation.Valve.TestFinished'));
        else if (status === 'cancelled') end('error', t(USER_CANCELLED));
        else if (status === 'failed') end('error', t(TEST_FAILED));
        else return false;
        return true;
      };

      void (async () => {
        let request;
        try {
          request = await postControlTest(control.id);
          if (isFinalRequestStatus(request.status)) {
            outcome(request.status);
            return;
          }
        } catch (error) {
          failed(error);
          return;
        }
        const requestId = request.id;
        followRequest(
          {
            requestId,
            answer: request,
            ask: async () => {
              const answer = await postControlTest(control.id, requestId);
              set(control.id, answer.waitingForDevice === true ? 'waiting' : 'loading');
              return answer;
            },
            pace: CONTROL_TEST_PACE,
          },
          (ended) => {
            if (ended.kind === 'final') outcome(ended.answer.status);
            else if (ended.kind === 'rejected') failed(ended.error);
            // No final status by the last follow-up: the test did not finish in time.
            else end('error', t(TEST_FAILED));
          },
        );
      })();
    },
    [areaId, queryClient, set, t, followRequest],
  );

  return { states, test };
}
