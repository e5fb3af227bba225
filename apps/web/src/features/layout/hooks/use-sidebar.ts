import { useState } from 'react';
import { useLocation } from 'react-router';
import { usePreference } from '../../../lib/preferences.ts';

/**
 * The sidebar's open state (§2): off-canvas by default, toggled by the menu icon, closed on
 * navigation (any change of path or query) and by an outside click (the caller's). Pinned (the
 * stored preference sidebarOffCanvas false) it stays open beside the page, which keeps the §2
 * 240 px padding; phones always have it off-canvas, there is no room beside the page.
 */
export function useSidebar(isPhone = false) {
  const { pathname, search } = useLocation();
  const where = `${pathname}${search}`;
  const [offCanvas, setOffCanvas] = usePreference('sidebarOffCanvas');
  const pinned = !offCanvas && !isPhone;
  // Remember where it was opened: once the location changes it reads as closed.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const opened = pinned || openedAt === where;
  return {
    opened,
    pinned,
    /** The menu icon: a pinned sidebar goes back off-canvas, and closes. */
    toggle: () => {
      if (pinned) setOffCanvas(true);
      setOpenedAt(opened ? null : where);
    },
    close: () => setOpenedAt(null),
    setPinned: (pin: boolean) => {
      setOffCanvas(!pin);
      // Unpinned, it stays open where it is until the next navigation or outside click.
      setOpenedAt(where);
    },
  };
}
