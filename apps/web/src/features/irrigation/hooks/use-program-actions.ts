/**
 * Acting on a program (§4 "Program status values (client)"): start, resume, pause and test the
 * program or one zone, and apply edits. Each action goes through the domain's client status
 * reducer: pending (with starting, resuming or pausing shown at once), then started, testStarted,
 * stopped… when the field has carried the request out, or error with the previous activity
 * restored; a refused call (403) is notPermitted. Every outcome is also a notification (§8).
 *
 * A field request is followed up (POST …/{action} with its requestId) every 2 s until it is done,
 * failed or cancelled (useFollowRequest); meanwhile the program itself polls at the live pace (see
 * live.ts).
 */
import {
  initialProgramClientState,
  isFailedRequestStatus,
  isFinalRequestStatus,
  isManualProgram,
  nextProgramClientState,
  type Program,
  type ProgramActionEvent,
  type ProgramActionResponse,
  type ProgramActionPhase,
  type ProgramActivity,
  type ProgramClientState,
  type ProgramUpdateBody,
} from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  invalidateProgramArea,
  placeSavedProgram,
} from '../../../data/programs/invalidate-program-area.ts';
import {
  followProgramAction,
  postProgramAction,
  type ProgramActionName,
} from '../../../data/programs/program-action.ts';
import { updateProgram } from '../../../data/programs/update-program.ts';
import { useFollowRequest } from '../../../data/requests/follow-request.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { clientStatusKey, clientStatusLevel } from '../client-status.ts';
import { PROGRAM_REQUEST_PACE } from '../live.ts';

/** What the console can ask of a program (§3 actions start, resume, stop, test start). */
export type ProgramCommand =
  | { readonly kind: 'resume' | 'pause' }
  /** A start or test now, or at `startTime` (ISO text; §7 startTime) for a delayed one. */
  | { readonly kind: 'start' | 'test'; readonly startTime?: string }
  | {
      readonly kind: 'zoneStart' | 'zoneResume' | 'zoneStop' | 'zoneTest';
      readonly zoneId: number;
    };

interface CommandPlan {
  /** The call: POST programs/{id}/{action}, limited to `zones` when given. */
  readonly action: ProgramActionName;
  readonly zones?: readonly number[];
  /** A delayed start's time (§7 startTime). */
  readonly startTime?: string;
  /** The reducer event of each phase of the call. */
  readonly event: (phase: ProgramActionPhase) => ProgramActionEvent;
}

/**
 * The call and the §4 reducer event of a command. Pause ends in testStopped when the schedule is
 * manual; a zone stop when the zone is manual.
 */
function commandPlan(command: ProgramCommand, program: Program): CommandPlan {
  switch (command.kind) {
    case 'start':
      return {
        action: 'start',
        ...(command.startTime !== undefined && { startTime: command.startTime }),
        event: (phase) => ({ action: 'activate', phase }),
      };
    case 'resume':
      return { action: 'resume', event: (phase) => ({ action: 'activate', phase, resume: true }) };
    case 'pause': {
      const manual = isManualProgram(program.schedule);
      return { action: 'pause', event: (phase) => ({ action: 'pause', phase, manual }) };
    }
    case 'test':
      return {
        action: 'test',
        ...(command.startTime !== undefined && { startTime: command.startTime }),
        event: (phase) => ({ action: 'test', phase }),
      };
    case 'zoneStart':
    case 'zoneResume':
      return {
        action: command.kind === 'zoneStart' ? 'start' : 'resume',
        zones: [command.zoneId],
        event: (phase) => ({ action: 'zoneActivate', phase }),
      };
    case 'zoneStop': {
      const zone = program.zones.find((candidate) => candidate.id === command.zoneId);
      const manual = zone?.setting.manual === true;
      return {
        action: 'pause',
        zones: [command.zoneId],
        event: (phase) => ({ action: 'zonePause', phase, manual }),
      };
    }
    case 'zoneTest':
      return {
        action: 'test',
        zones: [command.zoneId],
        event: (phase) => ({ action: 'zoneTest', phase }),
      };
  }
}

/** The phase a failed call ends in: refused on 403 (§6), failed otherwise. */
function failurePhase(error: unknown): ProgramActionPhase {
  return isApiError(error) && error.status === 403 ? 'refused' : 'failed';
}

function errorDetail(error: unknown): string | undefined {
  return error instanceof Error && error.message !== '' ? error.message : undefined;
}

export interface ProgramActions {
  /** The client status and activity the console holds for the program (§4). */
  readonly state: ProgramClientState;
  /** The activity to show ahead of the server while an action's call is on its way; else null. */
  readonly pendingActivity: ProgramActivity | null;
  /** The command whose call or request is pending, if any. */
  readonly pending: ProgramCommand | null;
  readonly run: (command: ProgramCommand) => void;
  /**
   * Saves an edit with PUT programs/{id} (§4 Update: pending, applied or applyFailed). Resolves
   * to null when saved, else the error's message.
   */
  readonly apply: (body: ProgramUpdateBody) => Promise<string | null>;
}

export function useProgramActions(program: Program | undefined, areaId: number): ProgramActions {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ProgramClientState>(() =>
    initialProgramClientState(program?.status.activity ?? 'stopped'),
  );
  const [pending, setPending] = useState<ProgramCommand | null>(null);
  // The call itself is on its way: until the server answers, the console shows the activity it
  // asked for; from then on the server's own (starting, resuming, pausing…) is shown.
  const [posting, setPosting] = useState(false);
  const followRequest = useFollowRequest();
  // Stops following the request of the command before (a new command overtakes it).
  const stopFollow = useRef<(() => void) | null>(null);
  // The latest state, for the step after an await (the reducer runs on what is current then);
  // every change goes through it and then into React state.
  const stateRef = useRef(state);

  const refresh = useCallback(
    () => invalidateProgramArea(queryClient, areaId),
    [queryClient, areaId],
  );

  const step = useCallback(
    (event: ProgramActionEvent, subject: string, detail?: string) => {
      const next = nextProgramClientState(stateRef.current, event);
      stateRef.current = next;
      setState(next);
      if (next.clientStatus !== null) {
        notify({
          level: clientStatusLevel(next.clientStatus),
          title: t(clientStatusKey(next.clientStatus)),
          message: detail ? `${subject}: ${detail}` : subject,
        });
      }
    },
    [t],
  );

  const subjectOf = useCallback(
    (command: ProgramCommand, target: Program) =>
      t(`Irrigation.Command.${command.kind}`, { program: target.name }),
    [t],
  );

  const run = useCallback(
    (command: ProgramCommand) => {
      if (!program) return;
      const plan = commandPlan(command, program);
      const subject = subjectOf(command, program);
      stopFollow.current?.();
      stopFollow.current = null;
      // The reducer starts from what the server last said, unless an action is still pending.
      if (stateRef.current.clientStatus !== 'pending') {
        stateRef.current = initialProgramClientState(program.status.activity);
      }
      setPending(command);
      setPosting(true);
      step(plan.event('requested'), subject);

      const finish = (phase: ProgramActionPhase, detail?: string) => {
        setPending(null);
        setPosting(false);
        step(plan.event(phase), subject, detail);
        void refresh();
      };

      void (async () => {
        let first: ProgramActionResponse;
        try {
          first = await postProgramAction(program.id, plan.action, {
            ...(plan.zones ? { zones: [...plan.zones] } : {}),
            ...(plan.startTime !== undefined && { startTime: plan.startTime }),
          });
          if (isFinalRequestStatus(first.status)) {
            finish(isFailedRequestStatus(first.status) ? 'failed' : 'succeeded');
            return;
          }
        } catch (error) {
          finish(failurePhase(error), errorDetail(error));
          return;
        }
        await refresh();
        setPosting(false);
        const { requestId } = first;

        // Follow the request up until the field has carried it out (or given up on it).
        stopFollow.current = followRequest(
          {
            requestId,
            answer: first,
            ask: () => followProgramAction(program.id, plan.action, requestId),
            pace: PROGRAM_REQUEST_PACE,
          },
          (end) => {
            stopFollow.current = null;
            if (end.kind === 'final') {
              finish(isFailedRequestStatus(end.answer.status) ? 'failed' : 'succeeded');
            } else if (end.kind === 'rejected') {
              finish(failurePhase(end.error), errorDetail(end.error));
            } else {
              // The field is out of reach: stop following; the program poll shows what happens.
              setPending(null);
              const reset = initialProgramClientState(program.status.activity);
              stateRef.current = reset;
              setState(reset);
            }
          },
        );
      })();
    },
    [program, refresh, step, subjectOf, followRequest],
  );

  const apply = useCallback(
    async (body: ProgramUpdateBody): Promise<string | null> => {
      if (!program) return null;
      const subject = t('Irrigation.Command.apply', { program: program.name });
      step({ action: 'update', phase: 'requested' }, subject);
      try {
        const saved = await updateProgram(program.id, body);
        placeSavedProgram(queryClient, areaId, saved);
        step({ action: 'update', phase: 'succeeded' }, subject);
        void refresh();
        return null;
      } catch (error) {
        const detail = errorDetail(error);
        step({ action: 'update', phase: failurePhase(error) }, subject, detail);
        return detail ?? t(clientStatusKey('applyFailed'));
      }
    },
    [program, queryClient, areaId, refresh, step, t],
  );

  return {
    state,
    pendingActivity: state.clientStatus === 'pending' && posting ? state.activity : null,
    pending,
    run,
    apply,
  };
}
