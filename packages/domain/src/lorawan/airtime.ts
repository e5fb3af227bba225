/**
 * LoRa air time (issue 32 item 4). The Things Network allows each device 30 s of uplink air time
 * a day; a grower who sets a one-minute frost cadence at SF7 uses about 89 s and is cut off
 * without warning. ChirpStack sends no air time, so it is computed here from the radio settings
 * of each uplink, by the formula of Semtech's AN1200.13 ("LoRa Modem Designer's Guide") with the
 * LoRaWAN defaults: 8 preamble symbols, explicit header, CRC on, coding rate 4/5.
 */

/** Bytes LoRaWAN adds around the application payload: MHDR 1, FHDR 7 (no FOpts), FPort 1, MIC 4. */
export const LORAWAN_OVERHEAD_BYTES = 13;

/** The Things Network's fair-use limit: uplink air time per device per 24 hours, seconds. */
export const TTN_FAIR_USE_SECONDS_PER_DAY = 30;

/** The fair-use limit is over any 24 hours: the window fairUse reads uplinks from. */
export const FAIR_USE_WINDOW_MS = 86_400_000;

export interface LoraSettings {
  /** 7–12. */
  spreadingFactor: number;
  /** Hz, e.g. 125000 (both network servers report it in Hz). */
  bandwidthHz: number;
  /** The n of coding rate 4/(4+n): 1 for 4/5 (LoRaWAN's), up to 4 for 4/8. */
  codingRate?: number;
  preambleSymbols?: number;
}

/**
 * Seconds on air of one LoRa frame of `payloadBytes` (the whole PHY payload). Low data rate
 * optimisation is on when a symbol lasts 16 ms or more, which is SF11 and SF12 at 125 kHz, as the
 * LoRaWAN regional parameters set it.
 */
export function loraTimeOnAir(payloadBytes: number, settings: LoraSettings): number {
  const { spreadingFactor: sf, bandwidthHz, codingRate = 1, preambleSymbols = 8 } = settings;
  const symbolSeconds = 2 ** sf / bandwidthHz;
  const lowDataRate = symbolSeconds >= 0.016 ? 1 : 0;
  const explicitHeader = 1;
  const crc = 1;
  const preambleSeconds = (preambleSymbols + 4.25) * symbolSeconds;
  const bits = 8 * payloadBytes - 4 * sf + 28 + 16 * crc - 20 * (1 - explicitHeader);
  const payloadSymbols =
    8 + Math.max(Math.ceil(bits / (4 * (sf - 2 * lowDataRate))) * (codingRate + 4), 0);
  return preambleSeconds + payloadSymbols * symbolSeconds;
}

/** Seconds on air of one LoRaWAN uplink carrying `frmPayloadBytes` of application data. */
export function uplinkAirtime(frmPayloadBytes: number, settings: LoraSettings): number {
  return loraTimeOnAir(frmPayloadBytes + LORAWAN_OVERHEAD_BYTES, settings);
}

/** One recent uplink of a device: when it came and its air time in seconds. */
export interface AirtimeUplink {
  at: Date;
  airtimeSeconds: number;
}

/** Where a device stands against the fair-use limit: `passed` already, `will-pass` at its rate. */
export type FairUseState = 'within' | 'will-pass' | 'passed';

export interface FairUse {
  state: FairUseState;
  /** Air time of the uplinks in the 24 hours up to now, seconds. */
  usedSeconds: number;
  /** A day's air time at the device's recent rate: uplinks a day × their mean air time, seconds. */
  projectedSeconds: number;
  limitSeconds: number;
}

/**
 * A device's air time against the fair-use limit, for the maintenance worklist's warning. The
 * limit is over any 24 hours, so the day is the 24 hours up to `now`, not a calendar day. The
 * projection takes the rate from the spacing of the uplinks heard (their count per day) and their
 * mean air time, so a device that joined an hour ago at a one-minute cadence is warned about now,
 * not tomorrow when it has already used its 30 s.
 */
export function fairUse(
  uplinks: readonly AirtimeUplink[],
  now: Date,
  limitSeconds = TTN_FAIR_USE_SECONDS_PER_DAY,
): FairUse {
  const from = now.getTime() - FAIR_USE_WINDOW_MS;
  const today = uplinks.filter(({ at }) => at.getTime() > from && at.getTime() <= now.getTime());
  const usedSeconds = today.reduce((sum, uplink) => sum + uplink.airtimeSeconds, 0);
  let projectedSeconds = usedSeconds;
  if (today.length >= 2) {
    const times = today.map(({ at }) => at.getTime());
    const intervalMs = (Math.max(...times) - Math.min(...times)) / (today.length - 1);
    if (intervalMs > 0)
      projectedSeconds = (FAIR_USE_WINDOW_MS / intervalMs) * (usedSeconds / today.length);
  }
  const state: FairUseState =
    usedSeconds > limitSeconds
      ? 'passed'
      : projectedSeconds > limitSeconds
        ? 'will-pass'
        : 'within';
  return { state, usedSeconds, projectedSeconds, limitSeconds };
}
