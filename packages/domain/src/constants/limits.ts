/** Limits of §9: list lengths, the badge cap and the screen-width breakpoints. */

/** Add-on devices shown per add-on card. */
export const ADDON_DEVICE_LIMIT = 3;
/** Add-ons shown in an add-on list before it pages or folds. */
export const ADDON_LIST_LIMIT = 6;
/** Export records per page of the exports list. */
export const EXPORT_RECORDS_PER_PAGE = 6;

/** Counts above this show as '9+'. */
export const BADGE_MAX = 9;

/**
 * The text of a count badge (tab counts of events and faults, §1): the number up to 9, '9+'
 * above. Decision: no badge (null) for zero, a negative or a non-number.
 */
export function badgeCount(count: number | null | undefined): string | null {
  if (count === null || count === undefined || !Number.isFinite(count)) return null;
  const whole = Math.trunc(count);
  if (whole <= 0) return null;
  return whole > BADGE_MAX ? `${BADGE_MAX}+` : String(whole);
}

/** A screen narrower than this (px) is narrow. */
export const NARROW_BELOW_PX = 700;
/** A screen at least this wide (px) gets the small layout — the "sm" breakpoint of the grid. */
export const SMALL_FROM_PX = 768;

/** True under 700 px. */
export function isNarrowScreen(widthPx: number): boolean {
  return widthPx < NARROW_BELOW_PX;
}

/** True from 768 px. */
export function isSmallScreen(widthPx: number): boolean {
  return widthPx >= SMALL_FROM_PX;
}

/*
 * Program numbers (§3 zone setting, schedule variations and control configs; §9 units: mm depth,
 * % variation, cl cycles, hours between repeats). The spec gives units but no ranges: each bound
 * below is the physical or practical limit it names. The form checks them and the server refuses
 * what lies outside, through the same schemas (entities/program.ts), so no run is ever planned from
 * a number the runner cannot water by.
 */

/** Variation floor, %: a cut of 100 % gives no water; a zone cannot be cut further. */
export const MIN_VARIATION_PERCENT = -100;
/**
 * Variation ceiling, %: at most doubles the water, as irrigation controllers' seasonal adjustment
 * does (0–200 % of the set time); a larger change belongs in the depth.
 */
export const MAX_VARIATION_PERCENT = 100;
/**
 * Depth per run, mm: the heaviest single applications (basin and border flooding) put on about
 * 100–150 mm; water deeper than 200 mm drains past any root zone.
 */
export const MAX_DEPTH_MM = 200;
/** Cycles a run is split into: more than 24 would make each cycle shorter than a valve takes to pressure up. */
export const MAX_CYCLES = 24;
/** Repeats after a zone's run: more than 24 is a schedule of its own, not a repeat. */
export const MAX_REPEATS = 24;
/** Hours between repeats: a repeat more than a week (168 h) later is the next scheduled run. */
export const MAX_REPEAT_INTERVAL_HOURS = 168;
/**
 * Ours: the application rate of a zone whose setting gives none, mm/h. Micro-sprinklers under
 * orchards and vines apply about 2–8 mm/h; 5 mm/h sits in the middle. Drip is slower (about
 * 1 mm/h), so drip zones should carry their own rate.
 */
export const DEFAULT_APPLICATION_RATE_MM_PER_HOUR = 5;
/** Application rate floor, mm/h: the slowest drip lines put on about 0.5 mm/h; 0.1 leaves room below. */
export const MIN_APPLICATION_RATE_MM_PER_HOUR = 0.1;
/**
 * Application rate ceiling, mm/h: no emitter comes near it (sprinklers and guns 5–50 mm/h); the
 * ceiling keeps the arithmetic finite and leaves room for demonstration runs that water in seconds.
 */
export const MAX_APPLICATION_RATE_MM_PER_HOUR = 100_000;
/**
 * One run of a zone (depth ÷ rate with the setting's variation), hours: two days is longer than
 * any zone waters at once, even drip on deep soil near its slowest rate.
 */
export const MAX_ZONE_RUNTIME_HOURS = 48;
