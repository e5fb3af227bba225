/**
 * Wear of a virtual radio over time: how spent its battery is, how well it hears its parent, and
 * whether it is in one of its silent spells. Each is a pure function of the device's serial
 * number, the farm's seed and the time, so a live run, a back-fill and a restart all agree on
 * every radio's state at any instant: a chart of a battery runs on without a jump from the
 * back-filled past into the live present.
 *
 * Time is counted from the farm's epoch, the moment the demo farm was set up (its first start):
 * the radios that are low "now" in the demo were low at that moment and drained on the way there.
 * A few radios of a farm get a role the maintenance views need to show (chosen per radio from
 * its serial number, so the same radios every time with the same seed):
 * - `low`: its battery is past the knee of its curve and below the §9 warning level (3.3 V);
 * - `nearEmpty`: nearly at the §9 empty level (3.0 V), falling a little every day;
 * - `weakLink`: its signal sits below the §9 weak level (-99 dBm) and fades a little every day,
 *   so it loses more reports as time goes on;
 * - `flaky`: every 6 hours it goes silent for 70 minutes (a loose antenna, a radio brown-out),
 *   long enough to turn overdue, then reports again; the first spell starts 15 minutes after the
 *   epoch, so a fresh demo shows one early.
 * Everyone else is `normal`: a battery somewhere on its flat stretch, a signal between -70 and
 * -95 dBm.
 */
import { RADIO_BATTERY } from './battery.ts';
import { seededRandom, seedFrom } from './random.ts';

export type WearRole = 'normal' | 'low' | 'nearEmpty' | 'weakLink' | 'flaky';

/** Shares of a farm's radios in each role, in the order they are drawn. */
const ROLE_SHARES: readonly [WearRole, number][] = [
  ['nearEmpty', 0.03],
  ['low', 0.07],
  ['weakLink', 0.06],
  ['flaky', 0.02],
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A flaky radio's spells: one every this long, lasting SILENT_SPELL_MS, the first this late. */
export const SILENT_SPELL_EVERY_MS = 6 * HOUR_MS;
export const SILENT_SPELL_MS = 70 * 60_000;
export const FIRST_SILENT_SPELL_AFTER_MS = 15 * 60_000;
/** How fast a weak link fades (dB a day): a growing tree, a sagging mast. */
const WEAK_LINK_FADE_DB_PER_DAY = 0.04;

export type Wear = {
  role: WearRole;
  /** Battery hours used at `time`. */
  batteryHours(time: Date): number;
  /** Where the signal sits at `time` (dBm), before fading noise; null: the caller's own. */
  signalBase(time: Date): number | null;
  /** Whether the radio is in a silent spell at `time`. */
  silent(time: Date): boolean;
};

/** The role of a radio: a draw from its serial number and the seed. */
export function wearRole(serialno: string, seed: number): WearRole {
  const draw = seededRandom(seedFrom(`wear-${serialno}`, seed))();
  let edge = 0;
  for (const [role, share] of ROLE_SHARES) {
    edge += share;
    if (draw < edge) return role;
  }
  return 'normal';
}

export function radioWear(serialno: string, seed: number, epoch: Date): Wear {
  const role = wearRole(serialno, seed);
  const random = seededRandom(seedFrom(`wear-detail-${serialno}`, seed));
  const life = RADIO_BATTERY.lifeHours;
  // Share of the battery's life used at the epoch.
  const usedAtEpoch =
    role === 'nearEmpty'
      ? 0.975 + random() * 0.01
      : role === 'low'
        ? 0.93 + random() * 0.025
        : random() * 0.6;
  const signalAtEpoch = role === 'weakLink' ? -101 - random() * 3 : null;
  const spellPhase = FIRST_SILENT_SPELL_AFTER_MS;
  const since = (time: Date) => time.getTime() - epoch.getTime();
  return {
    role,
    batteryHours: (time) => Math.max(0, usedAtEpoch * life + since(time) / HOUR_MS),
    signalBase: (time) =>
      signalAtEpoch === null
        ? null
        : Math.max(-108, signalAtEpoch - (WEAK_LINK_FADE_DB_PER_DAY * since(time)) / DAY_MS),
    silent: (time) => {
      if (role !== 'flaky') return false;
      const within =
        (((since(time) - spellPhase) % SILENT_SPELL_EVERY_MS) + SILENT_SPELL_EVERY_MS) %
        SILENT_SPELL_EVERY_MS;
      return within < SILENT_SPELL_MS;
    },
  };
}
