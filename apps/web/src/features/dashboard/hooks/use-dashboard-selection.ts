import { resetDashboardSelection, selectDashboardMarker } from '@paddock/domain';
import { useCallback, useState } from 'react';

/**
 * §4 "Dashboard selection highlights one marker; reset restores": picking a marker or a list row
 * highlights that site, picking it again clears it (the map selection rule), reset clears it.
 */
export function useDashboardSelection() {
  const [selected, setSelected] = useState<number | null>(null);
  const select = useCallback(
    (siteId: number) => setSelected((current) => selectDashboardMarker(current, siteId)),
    [],
  );
  const reset = useCallback(() => setSelected(resetDashboardSelection()), []);
  return { selected, select, reset };
}
