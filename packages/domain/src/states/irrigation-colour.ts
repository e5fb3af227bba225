/** Irrigation colour of a zone or program on the map (§4), as a named state, and its §9 colour. */
import type { ZoneApplicationStatus } from '../entities/vocabulary.ts';
import { COLOURS, type Colour } from '../constants/colours.ts';

/** The four irrigation colour states of §4, in priority order. */
export type IrrigationColourState = 'fault' | 'running' | 'irrigated' | 'stopped';

export type IrrigationColourInput = {
  hasFaults?: boolean | null;
  /** The zone or program is running (in the running colour, see `isRunningColour`). */
  running?: boolean | null;
  irrigated?: boolean | null;
  /** Absent means the last cycle (§4 "last cycle true or undefined"). */
  lastCycle?: boolean | null;
};

/**
 * §4 "fault wins, then running, then irrigated if irrigated and last cycle true or undefined, else
 * stopped". Decision: a null last cycle counts as undefined.
 */
export function irrigationColourState(input: IrrigationColourInput): IrrigationColourState {
  if (input.hasFaults === true) return 'fault';
  if (input.running === true) return 'running';
  if (input.irrigated === true && input.lastCycle !== false) return 'irrigated';
  return 'stopped';
}

/** §9 colour of an irrigation colour state. */
export function irrigationColour(state: IrrigationColourState): Colour {
  return COLOURS[state];
}

export type ZoneStrokeInput = { status: ZoneApplicationStatus; hasFaults?: boolean | null };

/**
 * §4 "A zone polygon stroke is the irrigated colour when paused without faults". Otherwise the
 * stroke follows the fill, so the fill state is returned.
 */
export function zoneStrokeState(
  zone: ZoneStrokeInput,
  fill: IrrigationColourState,
): IrrigationColourState {
  return zone.status === 'paused' && zone.hasFaults !== true ? 'irrigated' : fill;
}
