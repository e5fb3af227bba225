import { HOME_PLACEHOLDER_PROGRESS_MS, nextPlaceholderProgress } from '@paddock/domain';
import { useEffect, useState } from 'react';

/** §2 progress bar of the loading placeholder: up by 10 every tick, then from 0 again. */
export function usePlaceholderProgress(intervalMs: number = HOME_PLACEHOLDER_PROGRESS_MS): number {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setPercent(nextPlaceholderProgress), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return percent;
}
