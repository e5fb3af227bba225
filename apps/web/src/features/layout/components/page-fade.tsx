import { PAGE_FADE_MS } from '@paddock/domain';
import type { CSSProperties, ReactNode } from 'react';
import classes from './page-fade.module.css';

/**
 * Fades its page in over 400 ms (§2 "Page fade 400 ms"). Give it a `key` that changes with the
 * page (not with every query change) so only a new page fades.
 */
export function PageFade({ children }: { children: ReactNode }) {
  return (
    <div
      className={classes.fade}
      style={{ '--page-fade-duration': `${PAGE_FADE_MS}ms` } as CSSProperties}
    >
      {children}
    </div>
  );
}
