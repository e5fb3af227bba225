/** Map and dashboard selection (§4). */

/**
 * §4 "Map selection toggles; selecting the selected item clears it unless forced". `same` says
 * when two items are the same selection (identity by default; pass an id comparison for records).
 */
export function toggleSelection<T>(
  current: T | null | undefined,
  item: T,
  force = false,
  same: (a: T, b: T) => boolean = Object.is,
): T | null {
  if (!force && current !== null && current !== undefined && same(current, item)) return null;
  return item;
}

/** Two records are the same selection when their ids are equal. */
export function sameId<T extends { id: unknown }>(a: T, b: T): boolean {
  return a.id === b.id;
}

/** The dashboard's selected marker id, or null when every marker shows normally. */
export type DashboardSelection<Id = number> = Id | null;

export type DashboardMarkerState = 'highlighted' | 'normal';

/**
 * §4 "Dashboard selection highlights one marker". Decision: it follows the map selection rule, so
 * selecting the highlighted marker again clears it.
 */
export function selectDashboardMarker<Id>(
  selection: DashboardSelection<Id>,
  markerId: Id,
): DashboardSelection<Id> {
  return toggleSelection(selection, markerId);
}

/** §4 "reset restores": no marker highlighted. */
export function resetDashboardSelection(): DashboardSelection<never> {
  return null;
}

/** How one dashboard marker shows: highlighted when it is the selection, else normal. */
export function dashboardMarkerState<Id>(
  selection: DashboardSelection<Id>,
  markerId: Id,
): DashboardMarkerState {
  return selection !== null && Object.is(selection, markerId) ? 'highlighted' : 'normal';
}
