/**
 * What the runner does with what its commands come to: an answer settles the pending command it
 * belongs to and moves its valves and pumps on; a failed or unanswered command faults them, and
 * whatever may have been left open is closed again to be sure.
 */
import type { Actuator, PendingCommand } from './run-state.ts';
import { actuators } from './run-queries.ts';
import type { Ctx } from './run-context.ts';

/** The reason a command unanswered by its deadline fails with. */
export const NO_ANSWER = 'no answer from the device';

/**
 * The pending command an answer belongs to: the one of that id, else one whose id was never
 * recorded (its process died just after sending) to the same device, action and controls.
 */
export function findPendingCommand(
  commands: PendingCommand[],
  answer: { commandId: string; serialno: string; action: string; controls: number[] },
): PendingCommand | undefined {
  const byId = commands.find((command) => command.commandId === answer.commandId);
  if (byId) return byId;
  const controls = [...answer.controls].sort((a, b) => a - b).join(',');
  return commands.find(
    (command) =>
      command.commandId === null &&
      command.serialno === answer.serialno &&
      command.action === answer.action &&
      [...command.controls].sort((a, b) => a - b).join(',') === controls,
  );
}

/**
 * An open done after the run gave up on it (taken as unanswered at its deadline, or from a run
 * since ended): the controls it opened that the run holds closed are closed again, unawaited.
 */
export function closeStrayOpen(ctx: Ctx, serialno: string, controls: number[]) {
  const stray = actuators(ctx.s).filter(
    (target) =>
      target.phase === 'closed' &&
      target.device?.serialno === serialno &&
      controls.includes(target.id),
  );
  const device = stray[0]?.device;
  if (!device) return;
  ctx.effects.push({
    kind: 'command',
    ref: null,
    ...device,
    command: { action: 'close', controls: stray.map((target) => target.id) },
  });
}

export function settle(
  ctx: Ctx,
  command: PendingCommand,
  ok: boolean,
  reason: string | null,
  unanswered: boolean,
) {
  ctx.s.commands = ctx.s.commands.filter((pending) => pending.ref !== command.ref);
  const mayBeOpen: Actuator[] = [];
  for (const zone of [...ctx.s.zones, null]) {
    const candidates = zone ? zone.valves : ctx.s.pumps;
    for (const target of candidates) {
      // An answer to a command the actuator no longer waits on (a pause overtook an open) is stale,
      // but an open the device did carry out on a control the run holds closed is closed again.
      if (target.ref !== command.ref) {
        const strayOpen = ok && command.action === 'open' && target.phase === 'closed';
        if (strayOpen && command.controls.includes(target.id)) mayBeOpen.push(target);
        continue;
      }
      target.ref = null;
      if (command.action === 'close') {
        target.phase = 'closed';
        target.openedAt = null;
        if (!ok) {
          // A close that failed, was not sent or went unanswered may have left it open.
          target.fault = reason ?? 'close failed';
          mayBeOpen.push(target);
        }
      } else if (ok) {
        if (target.phase === 'opening') {
          target.phase = 'open';
          target.openedAt = ctx.now;
          if (zone) zone.opened = true;
        }
      } else {
        target.fault = reason ?? 'open failed';
        target.remainingMs = 0;
        if (target.phase === 'opening') target.phase = 'closed';
        if (unanswered) mayBeOpen.push(target);
      }
    }
  }
  // An open that went unanswered may still have been carried out, and a close that failed may not
  // have been: close them to be sure. The device's fail-safe would close them anyway; this is
  // sooner. Its answer is not awaited.
  if (mayBeOpen.length > 0) {
    ctx.effects.push({
      kind: 'command',
      ref: null,
      siteId: command.siteId,
      serialno: command.serialno,
      command: { action: 'close', controls: mayBeOpen.map((target) => target.id) },
    });
  }
}
