/**
 * Pump faults and the programs they feed (§3 pump actions autoProgramPause, autoProgramResume):
 * a followup of each ingest batch (ingest/followups.ts) that heard from a pump. When a pump
 * reports a fault, each program it is attached to that waters and has autoProgramPause is paused
 * (a request like the operator's, carried out by the runner) and held by the pump; when the pump
 * reports no fault again, the programs it holds are let go, and resumed if they have
 * autoProgramResume and are still paused. The rule is the domain's pumpFaultDecision; this reads
 * the state, asks it, and writes what it says, in the followup's transaction.
 *
 * A fault is what the pump itself reports (its `fault` topic): a pump the runner marked faulty
 * for failing to start has no report of recovery to resume on, so it pauses nothing here.
 */
import {
  isRefusal,
  pumpActionsOf,
  pumpFaultDecision,
  shownActivity,
  topicValue,
} from '@paddock/domain';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { requestProgramAction } from '../resources/programs/request-program-action.ts';
import type { FollowupHandler } from '../ingest/followups.ts';
import type { Log } from '../log.ts';
import {
  holdProgramForPump,
  pumpHold,
  pumpsAmong,
  programsFedBy,
  releasePumpHold,
} from './pump-hold.repository.ts';

/** Checks the pumps a batch heard from against the programs they feed. */
export async function watchPumps(
  db: Database,
  input: { controlIds: readonly number[]; now: Date; log: Log },
): Promise<void> {
  if (input.controlIds.length === 0) return;
  const pumps = await pumpsAmong(db, input.controlIds);
  for (const pump of pumps) {
    const pumpFaulted = (topicValue(pump.topics, 'fault') ?? 0) !== 0;
    const fed = await programsFedBy(db, pump.id);
    for (const program of fed) {
      const hold = await pumpHold(db, program.id, pump.id);
      const decision = pumpFaultDecision({
        actions: pumpActionsOf(program.schedule),
        pumpFaulted,
        activity: shownActivity(program.status, input.now),
        held: hold !== undefined,
      });
      let requestId: number | null = null;
      if (decision.action) {
        try {
          const request = await requestProgramAction(db, {
            programId: program.id,
            action: decision.action,
            body: {},
            siteId: program.siteId,
            requestedBy: null,
            now: input.now,
          });
          requestId = request.id;
          input.log.info(
            { programId: program.id, pumpId: pump.id, action: decision.action, requestId },
            decision.action === 'pause'
              ? 'program paused: a pump it is fed by reports a fault'
              : 'program resumed: the pump that paused it recovered',
          );
        } catch (error) {
          // The program is between requests (one still in flight): keep things as they are, so
          // the pump's next report tries again.
          if (!isRefusal(error)) throw error;
          input.log.warn(
            { programId: program.id, pumpId: pump.id, action: decision.action, err: error.message },
            'pump action deferred',
          );
          continue;
        }
      }
      if (decision.hold && !hold) {
        await holdProgramForPump(db, {
          programId: program.id,
          pumpId: pump.id,
          since: input.now,
          requestId,
        });
      } else if (!decision.hold && hold) {
        await releasePumpHold(db, program.id, pump.id);
      }
    }
  }
}

/** The followup handler: pumps heard from in a committed batch. */
export function pumpWatchFollowup(options: { clock: Clock; log: Log }): FollowupHandler {
  return (followup, tx) =>
    watchPumps(tx, { controlIds: followup.controls, now: options.clock.now(), log: options.log });
}
