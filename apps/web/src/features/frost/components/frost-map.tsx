/**
 * The frost map: the shared area map with each fan's block coloured by its fan's state, the fans
 * and temperature sensors as markers, and the canopy radios drawn shifted by 50 px from their
 * block (§9) so they do not hide the fan standing at the same place.
 */
import { Skeleton } from '@mantine/core';
import {
  CANOPY_RADIO_POSITION_OFFSET_PX,
  COLOURS,
  parsePolygonText,
  parsePointText,
  type Area,
  type Radio,
  type Section,
} from '@paddock/domain';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OUTLINE_COLOUR,
  radioMarker,
  type MapMarker,
  type MapSelection,
  type MapZone,
} from '../../../components/map/map-items.ts';
import type { FanRow, TemperatureRow } from '../fans.ts';
import { FAN_STATE_COLOURS } from './fan-state-badge.tsx';
import { INVERSION_COLOURS } from './inversion-badge.tsx';

const AreaMap = lazy(() => import('../../../components/map/area-map.tsx'));

/** Fans are drawn a little larger than a radio, so the eye finds them first. */
const FAN_MARKER_RADIUS = 9;
const SENSOR_MARKER_RADIUS = 5;

export function FrostMap({
  area,
  fans,
  temperatures,
  radios,
  sections,
  selectedId,
  onSelect,
}: {
  area: Area;
  fans: readonly FanRow[];
  temperatures: readonly TemperatureRow[];
  radios: readonly Radio[];
  sections: readonly Section[];
  selectedId: number | null;
  onSelect: (fanId: number) => void;
}) {
  const { t } = useTranslation();
  const fanByRadio = useMemo(
    () => new Map(fans.flatMap((fan) => (fan.radioId === null ? [] : [[fan.radioId, fan]]))),
    [fans],
  );
  const zones = useMemo((): MapZone[] => {
    return sections.map((section) => {
      const radio = radios.find((entry) => entry.section === section.id);
      const fan = radio ? fanByRadio.get(radio.id) : undefined;
      return {
        id: section.id,
        label: section.label,
        outline: section.outline ? parsePolygonText(section.outline) : null,
        point: section.location ? parsePointText(section.location) : null,
        fill: fan?.state === 'running' ? COLOURS.running : COLOURS.stopped,
        stroke: fan?.state === 'fault' ? COLOURS.fault : OUTLINE_COLOUR,
        dashed: false,
      } as MapZone;
    });
  }, [sections, radios, fanByRadio]);
  const markers = useMemo((): MapMarker[] => {
    const list: MapMarker[] = [];
    for (const radio of radios) {
      const marker = radioMarker(radio);
      // §9: a canopy radio is drawn shifted from its section's location.
      const section = sections.find((entry) => entry.id === radio.section);
      const at = section?.location ? parsePointText(section.location) : null;
      if (marker)
        list.push({
          ...marker,
          ...(at ? { position: at } : {}),
          shiftPx: CANOPY_RADIO_POSITION_OFFSET_PX,
        });
    }
    for (const sensor of temperatures) {
      if (!sensor.position) continue;
      list.push({
        kind: 'sensor',
        id: sensor.id,
        label: `${sensor.label}: ${sensor.value ?? '--'} °C`,
        position: sensor.position,
        radius: SENSOR_MARKER_RADIUS,
        fill: sensor.belowZero ? COLOURS.fault : COLOURS.info,
        dashed: false,
        shiftPx: -16,
      });
    }
    for (const fan of fans) {
      if (!fan.position) continue;
      list.push({
        kind: 'sensor',
        id: fan.id,
        label:
          `${fan.label}: ${t(`Frost.State.${fan.state}`)}` +
          (fan.inversion === null || fan.inversionClass === null
            ? ''
            : ` · ${t('Frost.InversionOnMap', {
                value: fan.inversion,
                class: t(`Frost.InversionClass.${fan.inversionClass}`),
              })}`),
        // The ring says whether the fan has warm air to mix down (strong, weak, none).
        ...(fan.inversionClass ? { stroke: INVERSION_COLOURS[fan.inversionClass] } : {}),
        position: fan.position,
        radius: FAN_MARKER_RADIUS,
        fill: FAN_STATE_COLOURS[fan.state],
        dashed: false,
      });
    }
    return list;
  }, [radios, sections, temperatures, fans, t]);
  const select = useCallback(
    (item: MapSelection) => {
      if (item.kind === 'sensor' && fans.some((fan) => fan.id === item.id)) onSelect(item.id);
    },
    [fans, onSelect],
  );
  return (
    <Suspense fallback={<Skeleton h="100%" radius={0} />}>
      <AreaMap
        label={t('Frost.MapLabel', { area: area.label })}
        bounds={area.settings.bounds ?? null}
        zones={zones}
        markers={markers}
        selection={selectedId === null ? null : { kind: 'sensor', id: selectedId }}
        onSelect={select}
      />
    </Suspense>
  );
}
