/** Status colours of §9, keyed by the state they show (§4 uses them for programs, zones and hardware). */

export const COLOURS = {
  fault: '#F44336',
  warning: '#F4D03F',
  info: '#03A9F4',
  /** Running, starting, resuming and pausing programs and zones (§4). */
  running: '#448AFF',
  /** A finished run; the same green as success. */
  irrigated: '#4CAF50',
  success: '#4CAF50',
  stopped: '#ECEFF1',
  paused: '#FFB300',
  /** Zones and controls under test. */
  test: '#f60',
  /** The selected map item. */
  selected: '#9c28b7',
} as const;

export type ColourName = keyof typeof COLOURS;
export type Colour = (typeof COLOURS)[ColourName];
