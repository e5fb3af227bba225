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
