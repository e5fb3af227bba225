/**
 * The weather map (§2 map view "weather"): the shared area map with a value marker per sensor and
 * selected layer (weather-markers.ts), in its §9 band colour. A station's markers stack one above
 * the other; its wind direction arrow sits beside it. Picking a marker selects its sensor; picking
 * the selected one again clears it (§4 map selection). Its own lazy chunk with Leaflet.
 */
import { COLOURS, type Area, type LatLng } from '@paddock/domain';
import L from 'leaflet';
import { memo, useMemo } from 'react';
import { Marker, Tooltip } from 'react-leaflet';
import AreaMap from '../../../components/map/area-map.tsx';
import { weatherBounds, type WeatherMarker } from '../weather-markers.ts';

/** Marker height in pixels; stacked markers are this far apart. */
const MARKER_HEIGHT = 22;

export interface WeatherMapProps {
  readonly label: string;
  readonly area: Area;
  readonly markers: readonly WeatherMarker[];
  /** Where every weather sensor stands, whatever the layers: the map frames them all. */
  readonly sensorPositions: readonly LatLng[];
  readonly selectedSensorId: number | null;
  readonly onSelect: (sensorId: number) => void;
  /** Names a layer in a marker's tooltip. */
  readonly layerLabel: (marker: WeatherMarker) => string;
  readonly sensorLabel: (sensorId: number) => string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ValueMarker = memo(function ValueMarker({
  marker,
  selected,
  onSelect,
  tooltip,
}: {
  marker: WeatherMarker;
  selected: boolean;
  onSelect: (sensorId: number) => void;
  tooltip: string;
}) {
  const icon = useMemo(() => {
    const arrow =
      marker.sector === undefined
        ? ''
        : // The arrow points where the wind blows to: from its sector, turned half a circle.
          `<span class="paddock-wind-arrow" style="display:inline-block;transform:rotate(${
            (marker.sector + 180) % 360
          }deg)">↑</span> `;
    const border = selected ? `2px solid ${COLOURS.selected}` : '1px solid #37474F';
    return L.divIcon({
      className: 'paddock-weather-icon',
      html: `<div class="paddock-weather-marker" data-layer="${marker.layer}" data-sensor="${
        marker.sensorId
      }" data-value="${marker.value}" data-band="${
        marker.band ?? ''
      }" data-colour="${marker.colour}" style="background:${
        marker.colour
      };color:${marker.textColour};border:${border};border-radius:4px;padding:1px 5px;font:600 12px/18px system-ui,sans-serif;white-space:nowrap;display:inline-block;transform:translateX(-50%);box-shadow:0 1px 2px rgba(0,0,0,.3)">${arrow}${escapeHtml(
        marker.text,
      )}</div>`,
      iconSize: undefined,
      // Centred over its position (the translate above); a station's rows stack upwards from it.
      iconAnchor: [0, MARKER_HEIGHT * (marker.stack + 1)],
    });
  }, [marker, selected]);
  const handlers = useMemo(
    () => ({ click: () => onSelect(marker.sensorId) }),
    [marker.sensorId, onSelect],
  );
  return (
    <Marker position={marker.position} icon={icon} eventHandlers={handlers} keyboard>
      <Tooltip direction="top">{tooltip}</Tooltip>
    </Marker>
  );
});

export default function WeatherMap({
  label,
  area,
  markers,
  sensorPositions,
  selectedSensorId,
  onSelect,
  layerLabel,
  sensorLabel,
}: WeatherMapProps) {
  const bounds = weatherBounds(area.settings.bounds ?? null, sensorPositions);
  return (
    <AreaMap
      label={label}
      bounds={bounds ?? null}
      zones={[]}
      markers={[]}
      selection={null}
      onSelect={() => {}}
    >
      {markers.map((marker) => (
        <ValueMarker
          key={marker.key}
          marker={marker}
          selected={marker.sensorId === selectedSensorId}
          onSelect={onSelect}
          tooltip={`${sensorLabel(marker.sensorId)}: ${layerLabel(marker)} ${marker.text}`}
        />
      ))}
    </AreaMap>
  );
}
