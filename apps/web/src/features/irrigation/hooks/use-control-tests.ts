/**
 * Valve tests (§7 POST controls/{id}/test), tracked per control id (§4 "Controls track test and
 * action per control id": idle, loading, finished, error). A test is followed up every 30 s for
 * up to 3 minutes (§9 controlTestPollSchedule); it fails with 'Test failed', or 'User cancelled'
 * when the request was cancelled (§8); a refused call (403) is notPermitted.
 */
import {
  controlTestPollSchedule,
  TEST_FAILED,
  USER_CANCELLED,
  type Control,
} from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { postControlTest } from '../api/test-control.ts';
import { clientStatusKey } from '../client-status.ts';
import { isFinalRequestStatus } from '../live.ts';

export type ControlTestState = 'idle' | 'loading' | 'finished' | 'error';

export function useControlTests(areaId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [states, setStates] = useState<ReadonlyMap<number, ControlTestState>>(new Map());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

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
        void queryClient.invalidateQueries({ queryKey: ['areas', areaId, 'controls'] });
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
        let requestId: number;
        try {
          const request = await postControlTest(control.id);
          requestId = request.id;
          if (isFinalRequestStatus(request.status)) {
            outcome(request.status);
            return;
          }
        } catch (error) {
          failed(error);
          return;
        }
        const schedule = controlTestPollSchedule();
        let done = false;
        for (const [index, at] of schedule.entries()) {
          const timer = setTimeout(() => {
            timers.current.delete(timer);
            if (done) return;
            void postControlTest(control.id, requestId).then(
              (request) => {
                if (done) return;
                if (outcome(request.status)) done = true;
                // No answer by the last poll: the test did not finish in time.
                else if (index === schedule.length - 1) {
                  done = true;
                  end('error', t(TEST_FAILED));
                }
              },
              (error: unknown) => {
                if (done) return;
                if (index === schedule.length - 1 || (isApiError(error) && error.status >= 400)) {
                  done = true;
                  failed(error);
                }
              },
            );
          }, at);
          timers.current.add(timer);
        }
      })();
    },
    [areaId, queryClient, set, t],
  );

  return { states, test };
}
