/**
 * The hardware map (§2 hardware list view "Map"; map views "units, radios"): the shared area map
 * with a marker per radio and unit at the §9 scales (unit 8; radio by the signal scale: 5 for
 * repeaters, else 4) in the §4 state's §9 colour (danger when overdue or faulted). Selecting a
 * marker selects the device; selecting it again clears it (§4 map selection).
 */
import { Skeleton } from '@mantine/core';
import type { Area, Bounds } from '@paddock/domain';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { radioMarker, unitMarker, type MapMarker, type MapSelection } from '../map/map-items.ts';
import type { HardwareItem, HardwareSelection } from './hardware-items.ts';

// Leaflet loads only when a map shows.
const AreaMap = lazy(() => import('../map/area-map.tsx'));

function hardwareMarkers(items: readonly HardwareItem[]): MapMarker[] {
  const markers: MapMarker[] = [];
  // Units below radios, so a radio on its unit stays clickable.
  for (const item of items) {
    if (item.kind !== 'unit') continue;
    const marker = unitMarker(item.source as Parameters<typeof unitMarker>[0]);
    if (marker) markers.push(marker);
  }
  for (const item of items) {
    if (item.kind !== 'radio') continue;
    const marker = radioMarker(item.source as Parameters<typeof radioMarker>[0]);
    if (marker) markers.push(marker);
  }
  return markers;
}

/** The box around the hardware's positions, for an area that has no bounds of its own. */
function markersBounds(markers: readonly MapMarker[]): Bounds | null {
  if (markers.length === 0) return null;
  const lats = markers.map((marker) => marker.position.lat);
  const lngs = markers.map((marker) => marker.position.lng);
  return {
    south: Math.min(...lats),
    north: Math.max(...lats),
    west: Math.min(...lngs),
    east: Math.max(...lngs),
  };
}

export function HardwareMap({
  area,
  items,
  selection,
  onSelect,
}: {
  readonly area: Area;
  readonly items: readonly HardwareItem[];
  readonly selection: HardwareSelection | null;
  readonly onSelect: (selection: HardwareSelection) => void;
}) {
  const { t } = useTranslation();
  const markers = useMemo(() => hardwareMarkers(items), [items]);
  const select = useCallback(
    (item: MapSelection) => {
      if (item.kind === 'radio' || item.kind === 'unit') onSelect({ kind: item.kind, id: item.id });
    },
    [onSelect],
  );
  return (
    <Suspense fallback={<Skeleton h="100%" radius={0} />}>
      <AreaMap
        label={t('Hardware.Map.Label', { area: area.label })}
        // The hardware, not the whole area, is what this map is about.
        bounds={markersBounds(markers) ?? area.settings.bounds ?? null}
        zones={[]}
        markers={markers}
        selection={selection}
        onSelect={select}
      />
    </Suspense>
  );
}
