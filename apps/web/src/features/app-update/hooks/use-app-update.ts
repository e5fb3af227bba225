import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { appUpdateKeys } from '../../../data/app-update/keys.ts';
import {
  APP_UPDATE_CHECK_MS,
  currentBuildId,
  fetchLatestBuildId,
  isUpdatePending,
} from '../update-check.ts';

/** How long the Software update modal shows before the page reloads (ours: long enough to read). */
export const APPLY_UPDATE_DELAY_MS = 800;

const reloadPage = () => window.location.reload();

/**
 * Whether a newer console is deployed (checked every 5 minutes) and how to apply it: the Software
 * update modal shows ('Applying latest software update'), then the page reloads into the new build.
 */
export function useAppUpdate({
  reload = reloadPage,
  startedWith,
}: {
  reload?: () => void;
  /** The entry script this page started with; read from the document by default. */
  startedWith?: string | null;
} = {}) {
  const [current] = useState(() => (startedWith === undefined ? currentBuildId() : startedWith));
  const latest = useQuery({
    queryKey: appUpdateKeys.latestBuild,
    queryFn: () => fetchLatestBuildId(),
    enabled: current !== null,
    refetchInterval: APP_UPDATE_CHECK_MS,
    retry: false,
  });
  const [applying, setApplying] = useState(false);
  useEffect(() => {
    if (!applying) return;
    const timer = window.setTimeout(reload, APPLY_UPDATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [applying, reload]);
  return {
    pending: isUpdatePending(current, latest.data ?? null),
    applying,
    apply: () => setApplying(true),
  };
}
