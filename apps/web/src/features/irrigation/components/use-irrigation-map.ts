/**
 * The irrigation map's state: its layers, the zones and markers it draws, and the selection,
 * which a new page (area, another zone, another valve query) starts afresh from its route.
 */
import { toggleSelection, zonePath, type Area, type Site } from '@paddock/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWaterBalance } from '../../../data/water-balance/get-water-balance.ts';
import type { useIrrigationArea } from '../hooks/use-irrigation-area.ts';
import {
  ALL_LAYERS,
  mapMarkers,
  mapZone,
  sameMapItem,
  type MapLayers,
  type MapSelection,
} from '../map-layers.ts';
import { waterBalanceZone } from '../water-balance-layer.ts';

export function useIrrigationMap({
  site,
  area,
  sectionId,
  valveId,
  data,
}: {
  site: Site;
  area: Area;
  /** The zone page's section; undefined on the area page. */
  sectionId: number | undefined;
  /** The valve the zone page opens on (§2 `valve` query). */
  valveId: number | undefined;
  data: ReturnType<typeof useIrrigationArea>;
}) {
  const navigate = useNavigate();
  const [layers, setLayers] = useState<MapLayers>(ALL_LAYERS);
  const routeSelection = (): MapSelection | null =>
    valveId === undefined ? null : { kind: 'valve', id: valveId };
  const [selection, setSelection] = useState<MapSelection | null>(routeSelection);
  // A new page (area, another zone, another valve query) starts from its own selection.
  const page = `${sectionId}/${valveId}`;
  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    setShownPage(page);
    setSelection(routeSelection());
  }

  const { t } = useTranslation();
  // Asked for only once the Water balance layer is switched on.
  const balance = useWaterBalance(area.id, { enabled: layers.waterBalance });
  const balances = layers.waterBalance ? balance.data?.zones : undefined;
  const mapZones = useMemo(
    () =>
      data.zones.map((zone) => {
        const drawn = mapZone(zone, data.shapes.get(zone.id));
        if (!balances) return drawn;
        return waterBalanceZone(
          drawn,
          balances.find((entry) => entry.section === zone.id),
          (entry) =>
            t('Irrigation.WaterBalanceLayer.Deficit', {
              depletion: entry.depletion,
              percent: entry.percentOfRaw,
            }),
        );
      }),
    [data.zones, data.shapes, balances, t],
  );
  const markers = useMemo(
    () =>
      mapMarkers({
        valves: data.valves,
        units: data.units ?? [],
        radios: data.radios ?? [],
        areaId: area.id,
        layers,
      }),
    [data.valves, data.units, data.radios, area.id, layers],
  );

  const onSelect = useCallback(
    (item: MapSelection) => {
      // On a zone page another zone opens its own page; everything else toggles (§4).
      if (sectionId !== undefined && item.kind === 'zone') {
        if (item.id !== sectionId)
          void navigate(zonePath({ siteId: site.id, areaId: area.id, sectionId: item.id }));
        return;
      }
      setSelection((current) => toggleSelection(current, item, false, sameMapItem));
    },
    [navigate, sectionId, site.id, area.id],
  );
  const selectValve = useCallback((id: number) => setSelection({ kind: 'valve', id }), []);

  return {
    layers,
    setLayers,
    selection,
    setSelection,
    mapZones,
    markers,
    onSelect,
    selectValve,
    /** Each zone's balance while the Water balance layer is on. */
    balances,
  };
}
