/**
 * How an area reads on the summary page: its status colour (a fault flag wins over the reported
 * status; no report yet reads as stopped grey) and its program's display by §4's rules.
 */
import {
  COLOURS,
  isWaterArea,
  programDisplay,
  programDisplayColour,
  type AreaSummary,
  type AreaType,
  type Colour,
  type ProgramDisplay,
} from '@paddock/domain';

export type AreaHealth = 'fault' | 'warning' | 'normal' | 'unknown';

export function areaHealth(area: Pick<AreaSummary, 'status' | 'hasFaults'>): AreaHealth {
  if (area.hasFaults || area.status === 'fault') return 'fault';
  if (area.status === 'warning') return 'warning';
  return area.status === 'normal' ? 'normal' : 'unknown';
}

export const AREA_HEALTH_COLOURS: Readonly<Record<AreaHealth, Colour>> = {
  fault: COLOURS.fault,
  warning: COLOURS.warning,
  normal: COLOURS.success,
  unknown: COLOURS.stopped,
};

/** §3: an empty area type is treated as water. */
export function shownAreaType(type: AreaType): Exclude<AreaType, ''> {
  return type === '' || isWaterArea(type) ? 'water' : type;
}

/** The program's display state and colour at `now` (§4), or null for an area without one. */
export function programGlance(
  program: AreaSummary['program'],
  now: Date,
): { display: ProgramDisplay; colour: Colour } | null {
  if (!program) return null;
  const display = programDisplay(program, now);
  return { display, colour: programDisplayColour(display) };
}
