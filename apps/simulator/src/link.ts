/**
 * A radio's link: the signal it reports (dBm) wanders a few dB around the level its position
 * gives it, and the weaker the signal the more reports are lost on the way. The numbers follow
 * §9: below -99 dBm is a weak signal, more than 10 misses a warning.
 */
import { gaussian, type Random } from './random.ts';

/** Where a radio's signal sits: -70 (next to the coordinator) to -95 (at the edge of the mesh). */
export function baseSignal(random: Random): number {
  return -70 - random() * 25;
}

/** One signal reading (whole dBm): the base with a few dB of fading. */
export function signalReading(base: number, random: Random): number {
  return Math.round(base + 2.5 * gaussian(random));
}

/**
 * Chance that one report is lost: 0.2% at -70 dBm, about 3% at -95, 12% at the weak-signal
 * threshold of -99 and half at -104, where the radio barely hears its parent.
 */
export function missProbability(signal: number): number {
  return 0.002 + 0.998 / (1 + Math.exp((signal + 104) / 2.5));
}
