/**
 * Alarm evaluation on the server: set-point rules after every committed ingest batch (a followup
 * handler, in the followup's transaction), overdue rules with the overdue sweep. The rules and the
 * state machine are the domain's (packages/domain/src/alarms); this file reads the values, locks
 * the alarm's state row and writes what a transition causes — the state, its event and its
 * messages in the outbox — in one transaction, so a transition happens once whatever the number
 * of processes (the row lock serialises them; the second reads the state the first wrote) and a
 * crash loses nothing and sends nothing twice that the outbox has not recorded.
 *
 * What the area's toggles do here:
 * - alarmsActive off: its rules are not evaluated; an alarm that was raised ends silently (no
 *   clear message) and its pending messages are suppressed.
 * - snoozed: rules are evaluated and events recorded, but new messages are recorded suppressed
 *   ('Snoozed'), and pending reminders are suppressed when due.
 * The alarm's `active` and its rule's `enabled` off: as alarmsActive off, for that alarm.
 *
 * Where each part lives: alarm.repository.ts (an alarm with its area and site, the locked state
 * row), transitions.ts (a reading applied: raise, clear, timers), set-points.ts and rule-cache.ts
 * (after each batch), fan-rules.ts (fanShouldRun), overdue-rules.ts (with the sweep),
 * recipients.ts and outbox.ts (the messages a transition causes), acknowledge.ts.
 */
import type { Database } from '../db/client.ts';
import type { CommittedFollowup, FollowupHandler } from '../ingest/followups.ts';
import { evaluateFanRules } from './fan-rules.ts';
import { evaluateSetPoints } from './set-points.ts';
import type { RuleCache } from './rule-cache.ts';
import type { EngineOptions } from './transitions.ts';

/** The followup handler: set-point and fan rules after each committed ingest batch. */
export function alarmFollowupHandler(
  options: EngineOptions & {
    now: () => Date;
    log?: { info: (o: object, m?: string) => void };
  },
): FollowupHandler {
  const rules: RuleCache = new Map();
  return async (followup: CommittedFollowup, tx: Database) => {
    const now = options.now();
    const transitions =
      (await evaluateSetPoints(tx, followup, now, options, rules)) +
      (await evaluateFanRules(tx, now, options, followup.sensors));
    if (transitions > 0)
      options.log?.info({ followup: followup.id, transitions }, 'alarm transitions');
  };
}
