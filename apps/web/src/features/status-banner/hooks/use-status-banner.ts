import { useCallback, useState } from 'react';
import { useStatusSummary } from '../api/get-status-summary.ts';
import {
  bannerContent,
  readAcknowledged,
  statusFingerprint,
  writeAcknowledged,
  type BannerContent,
} from '../status-banner-rules.ts';

export interface StatusBannerState {
  /** What to say; null when the status page reports nothing. */
  readonly content: BannerContent | null;
  /** Shown: something to report and not hidden by the user in this tab. */
  readonly visible: boolean;
  /** Hide or the x (§4): remembers this report as acknowledged in session storage. */
  readonly hide: () => void;
}

/** The incident banner's state, polling the status summary every 60 s. */
export function useStatusBanner(): StatusBannerState {
  const { data } = useStatusSummary();
  const content = bannerContent(data);
  const fingerprint = data && content ? statusFingerprint(data) : null;
  const [acknowledged, setAcknowledged] = useState(readAcknowledged);
  const hide = useCallback(() => {
    if (fingerprint === null) return;
    writeAcknowledged(fingerprint);
    setAcknowledged(fingerprint);
  }, [fingerprint]);
  return { content, visible: content !== null && fingerprint !== acknowledged, hide };
}
