import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The sidebar's open state (§2): off-canvas by default, toggled by the menu icon, closed on
 * navigation (any change of path or query) and by an outside click (the caller's).
 */
export function useSidebar() {
  const { pathname, search } = useLocation();
  const where = `${pathname}${search}`;
  // Remember where it was opened: once the location changes it reads as closed.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const opened = openedAt === where;
  return {
    opened,
    toggle: () => setOpenedAt(opened ? null : where),
    close: () => setOpenedAt(null),
  };
}
