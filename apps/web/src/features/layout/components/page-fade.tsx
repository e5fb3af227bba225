import { PAGE_FADE_MS } from '@paddock/domain';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import classes from './page-fade.module.css';

/** Whether a page has been shown since the console started (this document). */
let pageShown = false;

/**
 * Fades its page in over 400 ms (§2 "Page fade 400 ms"). Give it a `key` that changes with the
 * page (not with every query change) so only a new page fades.
 *
 * Decision: the first page after start-up does not fade. The fade is the change from one page
 * to the next; at start-up there is no page before it, only a blank screen, and fading in from
 * transparent held the page's content back by the fade's length after it was drawn (a
 * browser counts text as shown once it is no longer transparent: the Telemetry page's largest
 * paint came about 400 ms after its content).
 */
export function PageFade({ children }: { children: ReactNode }) {
  const [fades] = useState(() => pageShown);
  useEffect(() => {
    pageShown = true;
  }, []);
  return (
    <div
      className={fades ? classes.fade : undefined}
      style={{ '--page-fade-duration': `${PAGE_FADE_MS}ms` } as CSSProperties}
    >
      {children}
    </div>
  );
}
