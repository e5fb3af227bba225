import { lazy, Suspense, useEffect, useState } from 'react';
import { statusQueryClient } from '../api/get-status-summary.ts';
import { useStatusBanner } from '../hooks/use-status-banner.ts';

// The banner's look loads only once there is something to report: most sessions never need it.
const StatusBannerView = lazy(() => import('./status-banner-view.tsx'));

/**
 * §4 Incident banner, mounted once above every page (bootstrap). Polls the status summary; shows
 * the incident or maintenance message with 'Learn more' until hidden in this tab.
 */
export function StatusBanner() {
  const { content, visible, hide } = useStatusBanner();
  // The banner's own client checks again when the browser comes back online.
  useEffect(() => {
    statusQueryClient.mount();
    return () => statusQueryClient.unmount();
  }, []);
  const [needed, setNeeded] = useState(false);
  if (content !== null && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <StatusBannerView content={content} visible={visible} onHide={hide} />
    </Suspense>
  );
}
