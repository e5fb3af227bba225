import { useEffect, useRef } from 'react';

/**
 * Calls `action` once, `delayMs` after `active` turns true (§2 redirect delays: 1 s after
 * activation or reset, 3 s after sign-up, 5 s for a closed invitation). Leaving the page first
 * cancels it.
 */
export function useDelayedAction(active: boolean, delayMs: number, action: () => void): void {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => latest.current(), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
}
