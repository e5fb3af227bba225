/**
 * The program runner (issue 4 item 6) as a pure state machine. `handleRunRequest` takes a program
 * request (start, resume, pause, test; §3 Request) and `stepRun` takes everything else that happens to
 * a run (a wake-up at a planned time, a command sent, a command answered); both return the next
 * state, the commands to send, the request statuses to record and when to wake the run next. The
 * server stores the state, sends the commands and schedules the wake-ups; it never decides
 * anything itself.
 *
 * Decisions, each the runner's own (the spec describes only what the console shows):
 * - Sequences run side by side; the zones of a sequence run one after another, in order. A program
 *   has up to four sequences (§9) of ordered zones: if they ran one after another they would be one
 *   long sequence, so the only reason to have several is a block whose pump and mains feed several
 *   zones at once, one per sub-main. Each sequence is a lane; the pump serves them together.
 * - Within a lane a zone's valves are confirmed closed before the next zone's open: zones of one
 *   sequence never overlap, and a stuck valve never doubles the flow on a sub-main.
 * - Banned zones (in no sequence, §4) never run in a program run; manual zones (schedule variation
 *   or setting marked manual) run only when named in the request's zones. Named zones run in their
 *   sequence's lane; named zones in no sequence share one extra lane, in the order named.
 * - Runtime: see runtime.ts. A run is split into `cycles` cycles with a soak between them; the soak
 *   holds the lane (the next zone waits), as the point is that this zone's water soaks in.
 * - Repeats: after a zone's run, when its setting repeats, it waits `repeatInterval` hours and runs
 *   again, `repeatCount` times. A due repeat takes the lane next, ahead of zones still queued; the
 *   lane does not wait for a repeat that is not due. Repeat waits and soaks are wall-clock times:
 *   a pause freezes only the watering owed, not the hours between.
 * - Valves of a zone: the controls of its section except pumps and attachments, less those its
 *   control config excludes. A control's variation stretches that valve's own watering.
 * - Pumps (schedule.attachments) are confirmed running before any valve opens, and stopped once
 *   every valve has confirmed closed. They also stop whenever no valve is open or about to open
 *   (soaks, repeat waits, a pause): a pump must not run for long against closed valves.
 * - Faults: a valve whose open fails or goes unanswered is marked faulted (control hasFaults) and
 *   not used again in the run; its zone goes on with its other valves, and a zone with none left
 *   ends not irrigated. The program keeps going, as irrigation controllers do on a station fault:
 *   one stuck valve must not leave the rest of the block dry. A pump that fails to start is marked
 *   faulted and the zones run without it (a gravity head or a second pump may still feed them).
 * - Pause closes every valve, then the pumps; the run is paused once all confirmed closed. Resume
 *   reopens the valves of the zones that were mid-cycle for exactly the watering they still owed.
 *   Pause with zones stops just those zones (§4 "Zone pause: zoneStopped"); their lanes move on.
 *   Resume with zones resumes the run: a zone is only ever paused inside a paused run.
 * - A test (§4 "Test: pending then testStarted") runs the named zones, or every zone of the
 *   sequences, one at a time for TEST_ZONE_SECONDS each: one cycle, no variation, no repeats. It
 *   shows the program starting then running like a run, so it can be paused.
 * - Requests: start and test are done once a valve is confirmed open (failed if the run ends with
 *   none opened); pause once everything is confirmed closed; resume once every resumed zone is
 *   running again. A start at a future start time is `pending` until then; a pause before then
 *   calls it off and leaves the program stopped (nothing was opened). A newer request
 *   overtakes one still in flight, which is `cancelled`.
 *
 * Where each part lives: what goes in and out of a step (run-step.ts), the step's working copy
 * and its moves (run-context.ts), planning a run (run-planning.ts), pause and resume
 * (pause-resume.ts), command answers (command-answers.ts), the rules that advance a run
 * (run-advance.ts), its times (run-timing.ts) and what it shows (run-display.ts).
 */
import type { RunState } from './run-state.ts';
import type { RunEvent, RunRequestInput, RunSetup, StepResult } from './run-step.ts';
import { refuse, result, withCtx } from './run-context.ts';
import { closeStrayOpen, findPendingCommand, NO_ANSWER, settle } from './command-answers.ts';
import { addZones, startRun } from './run-planning.ts';
import { pauseRun, resumeRun } from './pause-resume.ts';
import { advance, shutOffZones } from './run-advance.ts';

/** Carries out a program request on the program's run (or starts one). */
export function handleRunRequest(
  current: RunState | null,
  request: RunRequestInput,
  setup: RunSetup,
  now: Date,
): StepResult {
  if (current?.handledRequests.includes(request.id)) return result(current, [], now.getTime());
  const live = current !== null && current.activity !== 'stopped';
  switch (request.action) {
    case 'start':
    case 'test':
      if (!live) return startRun(current, request, setup, now);
      if (request.action === 'start' && request.zones && current.kind === 'run') {
        return withCtx(current, now, (ctx) => addZones(ctx, request, setup));
      }
      return refuse(current, request, now, `the program is ${current.activity}`);
    case 'pause':
      if (!live) return refuse(current, request, now, 'the program is not running');
      return withCtx(current, now, (ctx) => pauseRun(ctx, request));
    case 'resume':
      if (!live || (current.activity !== 'paused' && current.activity !== 'pausing')) {
        return refuse(current, request, now, `the program is ${current?.activity ?? 'stopped'}`);
      }
      return withCtx(current, now, (ctx) => resumeRun(ctx, request));
  }
}

/** Everything else that happens to a run. */
export function stepRun(current: RunState, event: RunEvent, now: Date): StepResult {
  return withCtx(current, now, (ctx) => {
    switch (event.type) {
      case 'wake':
        break;
      case 'shutOff':
        shutOffZones(ctx, event.zones);
        break;
      case 'commandSent': {
        const command = ctx.s.commands.find((candidate) => candidate.ref === event.ref);
        if (command) command.commandId = event.commandId;
        return;
      }
      case 'sendFailed': {
        const command = ctx.s.commands.find((candidate) => candidate.ref === event.ref);
        if (command) settle(ctx, command, false, `not sent: ${event.reason}`, false);
        break;
      }
      case 'commandSettled': {
        const command = findPendingCommand(ctx.s.commands, event);
        if (command) {
          settle(
            ctx,
            command,
            event.status === 'done',
            event.status === 'timedOut' ? (event.reason ?? NO_ANSWER) : event.reason,
            event.status === 'timedOut',
          );
        } else if (event.action === 'open' && event.status === 'done') {
          closeStrayOpen(ctx, event.serialno, event.controls);
        }
        break;
      }
    }
    advance(ctx);
  });
}
