/**
 * The flow supervisor's actions in words, for the "why" log of a program and the alarm's detail
 * (issue 30 item 6): "Zone 4 closed 06:14 — 182 L/min against a learned 110 L/min (+65 %) for
 * 60 s".
 */
import type { FlowAction } from './flow-supervision.ts';

/** Labels and the site-local time for a sentence; the caller formats the time in the site's zone. */
export type FlowActionWords = {
  /** The action's time as the site reads it, e.g. "06:14". */
  time: string;
  zone?: ((zoneId: number) => string) | undefined;
  meter?: ((meterId: number) => string) | undefined;
};

const litres = (flow: number) => `${Math.round(flow)} L/min`;

/** "60 s" up to two minutes, then whole minutes and seconds ("2 min", "2 min 30 s"). */
function duration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 120) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** "+65 %", "−64 %" (a true minus sign, as the limits are written). */
function deviation(measured: number, expected: number): string {
  const percent = Math.round(((measured - expected) / expected) * 100);
  return percent < 0 ? `−${-percent} %` : `+${percent} %`;
}

function list(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
}

/**
 * The action in one sentence for the "why" log, e.g. "Zone 4 closed 06:14 — 182 L/min against a
 * learned 110 L/min (+65 %) for 60 s".
 */
export function describeFlowAction(action: FlowAction, words: FlowActionWords): string {
  const zone = words.zone ?? ((id: number) => `Zone ${id}`);
  const meter = words.meter ?? ((id: number) => `Meter ${id}`);
  const held = duration(action.heldSeconds);
  switch (action.type) {
    case 'closeZones':
    case 'warnLowFlow': {
      const zones = list(action.zoneIds.map(zone));
      const against = `${action.expectedSource === 'mixed' ? 'an expected' : `a ${action.expectedSource}`} ${litres(action.expected)}`;
      const flows = `${litres(action.measured)} against ${against} (${deviation(action.measured, action.expected)}) for ${held}`;
      return action.type === 'closeZones'
        ? `${zones} closed ${words.time} — ${flows}`
        : `Low flow on ${zones} ${words.time} — ${flows}; ${action.zoneIds.length > 1 ? 'they keep' : 'it keeps'} running`;
    }
    case 'unscheduledFlow':
      return `Pump stopped ${words.time} — ${litres(action.measured)} on ${meter(action.meterId)} with no zone running for ${held} (over ${litres(action.threshold)})`;
    case 'mainlineBreak':
      return `Program paused and pump stopped ${words.time} — mainline break: ${litres(action.measured)} on ${meter(action.meterId)}, over ${action.percent} % of ${litres(action.base)} (${litres(action.limit)}) for ${held}`;
  }
}
