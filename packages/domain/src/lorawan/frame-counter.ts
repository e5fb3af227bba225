/**
 * Frame counters (issue 32 item 2). Every uplink of a LoRaWAN device carries its frame counter,
 * fCnt, which the device counts up by one per uplink and sets back to 0 when it joins again. The
 * network server already refuses an fCnt it has passed (its replay check), so what reaches us
 * lower than the last one is either a message we were given again (a network server's retry, an
 * MQTT redelivery after a reconnect, a webhook re-sent) or a device that started counting again.
 * The first is stored once; the second is a new frame, stored, and logged as a reset.
 */

/** What to do with an uplink, judged by its fCnt against the device's last one. */
export type FrameCounterDecision =
  /** A frame not seen before: store it. */
  | 'new'
  /** A frame seen before (the same fCnt again, or an older one delivered late): store nothing. */
  | 'repeat'
  /** The device counts from the start again (it rejoined or restarted): store it, log the reset. */
  | 'reset';

/** The device's last frame: its fCnt and the network server's time of it. */
export interface LastFrame {
  fCnt: number;
  at: Date;
}

/**
 * An fCnt at or under this after a higher one is a device counting again: at a 10-minute cadence
 * it has been up under three hours, where a late copy of an old frame would be far higher.
 */
export const FCNT_RESET_MAX = 16;

/**
 * A lower fCnt this long after the last frame is a reset whatever its value: a device silent for
 * a day and counting again from 0 may have sent frames in between that we never heard.
 */
export const FCNT_RESET_AFTER_SILENCE_MS = 3_600_000;

/**
 * How near the top a counter must be for a low fCnt after it to be its roll-over, not a reset:
 * LoRaWAN's MAX_FCNT_GAP, the largest jump a network server accepts.
 */
export const FCNT_ROLL_OVER_WINDOW = 16_384;

const FCNT_16_BIT = 0x1_0000;
const FCNT_32_BIT = 0x1_0000_0000;

/**
 * Judge an uplink's fCnt against the device's last frame. The rule, in order:
 * - no last frame, or a higher fCnt: `new`;
 * - the same fCnt: `repeat`;
 * - a low fCnt after a counter near the top of its 32 bits (both network servers report the full
 *   32-bit counter) or of 16 bits (a device with 16-bit counters on a network server set to relax
 *   its checks): `new`, the counter rolled over;
 * - a lower fCnt from a frame later than the last (by the network server's time, which a
 *   redelivery carries unchanged) that is small (≤ FCNT_RESET_MAX) or comes after an hour's
 *   silence: `reset`;
 * - any other lower fCnt: `repeat`, a late copy of a frame already stored.
 */
export function judgeFrameCounter(
  last: LastFrame | null,
  fCnt: number,
  at: Date,
): FrameCounterDecision {
  if (last === null || fCnt > last.fCnt) return 'new';
  if (fCnt === last.fCnt) return 'repeat';
  if (rolledOver(last.fCnt, fCnt)) return 'new';
  const silenceMs = at.getTime() - last.at.getTime();
  if (silenceMs <= 0) return 'repeat';
  return fCnt <= FCNT_RESET_MAX || silenceMs >= FCNT_RESET_AFTER_SILENCE_MS ? 'reset' : 'repeat';
}

function rolledOver(last: number, fCnt: number): boolean {
  if (fCnt >= FCNT_ROLL_OVER_WINDOW) return false;
  if (last >= FCNT_32_BIT - FCNT_ROLL_OVER_WINDOW) return true;
  return last < FCNT_16_BIT && last >= FCNT_16_BIT - FCNT_ROLL_OVER_WINDOW;
}
