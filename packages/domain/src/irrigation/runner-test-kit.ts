/**
 * The runner's tests drive it through a simulated field: devices answer every command after
 * `delayMs` (done, failed or not at all) and keep the time each control was really open. A small
 * farm to run: sequences [1, 2] and [3]; one minute per zone (1 mm at 60 mm/h); zone 4 banned.
 */
import type { ProgramSchedule, ProgramZone } from '../entities/program.ts';
import type { RequestStatus } from '../entities/vocabulary.ts';
import type { RunState } from './run-state.ts';
import type {
  RunCommand,
  RunControl,
  RunEvent,
  RunRequestInput,
  RunSetup,
  StepResult,
} from './run-step.ts';
import { handleRunRequest, stepRun } from './runner.ts';

type Answer = 'done' | 'failed' | 'none';
type Sent = { at: number; ref: string | null; serialno: string; command: RunCommand };
type Interval = { control: number; from: number; to: number };

export const T0 = Date.parse('2026-11-21T09:00:00.000Z');
export const TIMEOUT_SECONDS = 30;

export class Field {
  now = T0;
  state: RunState | null = null;
  readonly sent: Sent[] = [];
  readonly requests = new Map<number, RequestStatus[]>();
  readonly intervals: Interval[] = [];
  private readonly openSince = new Map<number, number>();
  private readonly queue: {
    at: number;
    seq: number;
    event: RunEvent | 'answer';
    run?: () => void;
  }[] = [];
  private seq = 0;
  private ids = 0;

  constructor(
    readonly setup: RunSetup,
    private readonly delayMs = 100,
    private readonly answer: (sent: Sent) => Answer = () => 'done',
  ) {}

  request(input: Partial<RunRequestInput> & Pick<RunRequestInput, 'id' | 'action'>) {
    this.apply(
      handleRunRequest(
        this.state,
        { zones: null, startTime: null, ...input },
        this.setup,
        new Date(this.now),
      ),
    );
  }

  statuses(requestId: number): RequestStatus[] {
    return this.requests.get(requestId) ?? [];
  }

  private push(at: number, event: RunEvent | 'answer', run?: () => void) {
    this.queue.push({ at, seq: this.seq++, event, run });
  }

  apply(result: StepResult) {
    this.state = result.state;
    for (const effect of result.effects) {
      if (effect.kind === 'request') {
        this.requests.set(effect.requestId, [...this.statuses(effect.requestId), effect.status]);
        continue;
      }
      const sent: Sent = {
        at: this.now,
        ref: effect.ref,
        serialno: effect.serialno,
        command: effect.command,
      };
      this.sent.push(sent);
      const commandId = `cmd-${this.ids++}`;
      if (effect.ref) this.push(this.now, { type: 'commandSent', ref: effect.ref, commandId });
      const answer = this.answer(sent);
      if (answer === 'none') continue;
      this.push(this.now + this.delayMs, 'answer', () => {
        if (answer === 'done') this.actuate(effect.command);
        this.deliver({
          type: 'commandSettled',
          commandId,
          serialno: effect.serialno,
          action: effect.command.action,
          controls: effect.command.controls,
          status: answer,
          reason: answer === 'failed' ? 'valve fault' : null,
        });
      });
    }
    const wake = result.nextWakeAt?.getTime();
    if (
      wake !== undefined &&
      !this.queue.some((item) => item.at === wake && item.event !== 'answer')
    ) {
      this.push(Math.max(wake, this.now), { type: 'wake' });
    }
  }

  private actuate(command: RunCommand) {
    for (const control of command.controls) {
      const since = this.openSince.get(control);
      if (command.action === 'open' && since === undefined) this.openSince.set(control, this.now);
      if (command.action === 'close' && since !== undefined) {
        this.intervals.push({ control, from: since, to: this.now });
        this.openSince.delete(control);
      }
    }
  }

  private deliver(event: RunEvent) {
    if (this.state) this.apply(stepRun(this.state, event, new Date(this.now)));
  }

  /** Runs events in time order up to `until` (or until nothing is left). */
  runUntil(until = Number.POSITIVE_INFINITY) {
    for (let guard = 0; guard < 100_000; guard++) {
      this.queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.queue[0];
      if (!next || next.at > until) break;
      this.queue.shift();
      this.now = next.at;
      if (next.run) next.run();
      else if (next.event !== 'answer') this.deliver(next.event);
    }
    if (until !== Number.POSITIVE_INFINITY) this.now = Math.max(this.now, until);
  }

  /** Controls open right now, as the devices have them. */
  openNow(): number[] {
    return [...this.openSince.keys()].sort((a, b) => a - b);
  }

  zone(id: number) {
    const zone = this.state?.zones.find((candidate) => candidate.id === id);
    if (!zone) throw new Error(`no zone ${id} in the run`);
    return zone;
  }

  watered(control: number): number {
    const valve = this.state?.zones.flatMap((zone) => zone.valves).find((v) => v.id === control);
    return valve?.wateredMs ?? 0;
  }
}

// ---------------------------------------------------------------------------------------------
// A small farm: sequences [1, 2] and [3]; one minute per zone (1 mm at 60 mm/h).

export const MINUTE = 60_000;

export function zoneOf(id: number, setting: Partial<ProgramZone['setting']> = {}): ProgramZone {
  return {
    id,
    application: { irrigationType: 'valveControlledZone', status: 'stopped', cycleCount: 0 },
    setting: {
      id,
      depth: 1,
      variation: 0,
      cycles: 1,
      applicationRate: 60,
      manual: false,
      repeat: false,
      repeatInterval: 0,
      repeatCount: 0,
      banned: false,
      ...setting,
    },
  };
}

export const R1 = { siteId: 1, serialno: 'R-1' };
export const R2 = { siteId: 1, serialno: 'R-2' };

const farmControls: RunControl[] = [
  { id: 11, type: 'valve', section: 1, device: R1 },
  { id: 12, type: 'valve', section: 2, device: R1 },
  { id: 13, type: 'valve', section: 3, device: R2 },
  { id: 14, type: 'valve', section: 3, device: R2 },
  { id: 15, type: 'valve', section: 4, device: R2 },
  { id: 20, type: 'pump', section: null, device: R1 },
];

export function farm(
  changes: {
    schedule?: Partial<ProgramSchedule>;
    zones?: Record<number, Partial<ProgramZone['setting']>>;
    controls?: RunControl[];
  } = {},
): RunSetup {
  return {
    program: {
      id: 7,
      schedule: {
        manual: false,
        attachments: [20],
        sequences: [[1, 2], [3]],
        variations: [],
        controls: [],
        ...changes.schedule,
      },
      zones: [1, 2, 3, 4].map((id) => zoneOf(id, { banned: id === 4, ...changes.zones?.[id] })),
    },
    controls: changes.controls ?? farmControls,
    commandTimeoutSeconds: TIMEOUT_SECONDS,
  };
}

export function opened(field: Field) {
  return field.sent
    .filter((sent) => sent.command.action === 'open')
    .map((sent) => sent.command.controls);
}
