/**
 * The home loading placeholder's list height (§2): it fills the window below the list's top,
 * keeping the bottom padding (§9 24 px).
 */
import { PLACEHOLDER_BOTTOM_PADDING_PX } from '@paddock/domain';

export function placeholderListHeight(windowHeight: number, listTop: number): number {
  return Math.max(0, Math.floor(windowHeight - listTop - PLACEHOLDER_BOTTOM_PADDING_PX));
}

/** Skeleton rows that fit in `height` at `rowHeight` each (at least one). */
export function placeholderRowCount(height: number, rowHeight: number): number {
  return Math.max(1, Math.floor(height / rowHeight));
}
