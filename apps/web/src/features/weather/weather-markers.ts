/**
 * What the weather map draws (§9 weather layers, marker types and colour bands): one value marker
 * per sensor and selected layer, at the sensor's location, in the colour of the band its value
 * falls in. Wind direction markers point to the nearest of the sixteen §9 sectors and sit the §9
 * longitude offset east of their station, so the station's wind speed still shows. Plain values,
 * so the map's layers skip re-rendering when nothing they draw changed.
 */
import { formatLayerValue, LAYER_UNITS } from '../../lib/weather-values.ts';
import {
  colourBand,
  COLOUR_BAND_EDGES,
  parsePointText,
  WEATHER_LAYER_MARKER_TYPES,
  WEATHER_LAYERS,
  WIND_MARKER_LONGITUDE_OFFSET_DEG,
  windSector,
  type Bounds,
  type ColourBandKind,
  type LatLng,
  type Sensor,
  type WeatherLayer,
} from '@paddock/domain';

/**
 * The metrics a layer reads, its §9 marker type first. Decision: devices in the field also send
 * the short names (humidity, rain, air.pressure…; docs/field-protocol.md), read the same way.
 */
export const LAYER_METRICS: Record<WeatherLayer, readonly string[]> = {
  precipitation: [WEATHER_LAYER_MARKER_TYPES.precipitation, 'rain'],
  temperature: [WEATHER_LAYER_MARKER_TYPES.temperature],
  soilMoisture: [WEATHER_LAYER_MARKER_TYPES.soilMoisture],
  soilTemperature: [WEATHER_LAYER_MARKER_TYPES.soilTemperature],
  windSpeed: [WEATHER_LAYER_MARKER_TYPES.windSpeed],
  windDirection: [WEATHER_LAYER_MARKER_TYPES.windDirection, 'wind.direction'],
  growingDays: [WEATHER_LAYER_MARKER_TYPES.growingDays],
  chillUnits: [WEATHER_LAYER_MARKER_TYPES.chillUnits],
  humidity: [WEATHER_LAYER_MARKER_TYPES.humidity, 'humidity'],
  dewPoint: [WEATHER_LAYER_MARKER_TYPES.dewPoint, 'temperature.dewpoint'],
  airPressure: [WEATHER_LAYER_MARKER_TYPES.airPressure, 'air.pressure'],
  airDensity: [WEATHER_LAYER_MARKER_TYPES.airDensity, 'air.density'],
  et0: [WEATHER_LAYER_MARKER_TYPES.et0],
};

/** The layers in the §9 order (also the order of the layer picker). */
export const WEATHER_LAYER_ORDER = Object.keys(WEATHER_LAYERS) as WeatherLayer[];

/** The layers drawn in colour bands; the others (soil temperature, wind direction, pressure) are not. */
function bandKind(layer: WeatherLayer): ColourBandKind | null {
  return layer in COLOUR_BAND_EDGES ? (layer as ColourBandKind) : null;
}

/**
 * Band colours (§9 gives the edges, not the colours). Decisions: temperature and dew point run
 * cold blue to hot red; wind starts white (§9 "0 white") and darkens with the Beaufort number;
 * rain, humidity and soil moisture pale to deep blue; growing days pale yellow to deep green;
 * chill units pale to deep blue-violet; air density light to dark grey-blue; ET0 pale to burnt
 * orange, the thirstier the day.
 */
const RAMPS: Record<ColourBandKind, readonly [string, ...string[]]> = {
  temperature: [
    '#313695',
    '#4575b4',
    '#74add1',
    '#abd9e9',
    '#fee090',
    '#fdae61',
    '#f46d43',
    '#a50026',
  ],
  dewPoint: ['#313695', '#74add1', '#e0f3f8', '#fee090', '#f46d43', '#a50026'],
  windSpeed: ['#ffffff', '#d4eefa', '#0b4f8a'],
  precipitation: ['#f0f9ff', '#08306b'],
  humidity: ['#fff7e6', '#08519c'],
  soilMoisture: ['#f6e8c3', '#01665e'],
  airDensity: ['#eceff1', '#263238'],
  growingDays: ['#ffffcc', '#006837'],
  chillUnits: ['#f2f0f7', '#3f007d'],
  et0: ['#fff5eb', '#fd8d3c', '#7f2704'],
};

/** The colour of band `index` of a kind: its ramp spread over the kind's bands. */
export function bandColour(kind: ColourBandKind, index: number): string {
  const count = COLOUR_BAND_EDGES[kind].length + 1;
  const ramp = RAMPS[kind];
  if (kind === 'windSpeed' && index === 0) return '#ffffff';
  const stops = kind === 'windSpeed' ? ramp.slice(1) : ramp;
  const first = kind === 'windSpeed' ? 1 : 0;
  const position = count - 1 - first <= 0 ? 0 : (index - first) / (count - 1 - first);
  return sampleRamp(stops, Math.min(1, Math.max(0, position)));
}

/** Colour of a value of a layer; null for a layer without bands or no value. */
function layerColour(layer: WeatherLayer, value: number | null): string | null {
  const kind = bandKind(layer);
  if (!kind) return null;
  const band = colourBand(kind, value);
  return band ? bandColour(kind, band.index) : null;
}

/** The marker colour of a layer without bands. */
export const PLAIN_MARKER_COLOUR = '#eceff1';

/** Black or white, whichever reads on the colour. */
function textOn(colour: string): string {
  const [r, g, b] = rgb(colour);
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.55 ? '#212121' : '#ffffff';
}

export interface WeatherMarker {
  readonly key: string;
  readonly sensorId: number;
  readonly layer: WeatherLayer;
  readonly metric: string;
  readonly value: number;
  /** The value as shown, with its unit. */
  readonly text: string;
  readonly position: LatLng;
  readonly colour: string;
  /** The §9 colour band the value falls in; null for a layer without bands. */
  readonly band: number | null;
  readonly textColour: string;
  /** Which of the sensor's selected layers this is (0 first), to stack a station's markers. */
  readonly stack: number;
  /** Wind direction: the §9 sector the arrow points to (degrees the wind comes from). */
  readonly sector?: number;
}

/** The sensor's reading for a layer: its first metric that has a value. */
function layerReading(
  sensor: Pick<Sensor, 'topics'>,
  layer: WeatherLayer,
): { metric: string; value: number } | null {
  for (const metric of LAYER_METRICS[layer]) {
    const topic = sensor.topics.find((candidate) => candidate.metric === metric);
    if (topic && topic.lastValue !== null && Number.isFinite(topic.lastValue)) {
      return { metric, value: topic.lastValue };
    }
  }
  return null;
}

/** Whether a sensor reports anything a layer shows (it gets a marker, or a chart). */
export function sensorLayers(sensor: Pick<Sensor, 'topics'>): WeatherLayer[] {
  return WEATHER_LAYER_ORDER.filter((layer) =>
    LAYER_METRICS[layer].some((metric) => sensor.topics.some((topic) => topic.metric === metric)),
  );
}

export function weatherMarkers(
  sensors: readonly Sensor[],
  layers: readonly WeatherLayer[],
  language?: string,
): WeatherMarker[] {
  const shown = WEATHER_LAYER_ORDER.filter((layer) => layers.includes(layer));
  const markers: WeatherMarker[] = [];
  for (const sensor of sensors) {
    const position = sensor.location ? parsePointText(sensor.location) : null;
    if (!position) continue;
    let stack = 0;
    for (const layer of shown) {
      const reading = layerReading(sensor, layer);
      if (!reading) continue;
      const kind = bandKind(layer);
      const band = kind ? (colourBand(kind, reading.value)?.index ?? null) : null;
      const colour = layerColour(layer, reading.value) ?? PLAIN_MARKER_COLOUR;
      const sector = layer === 'windDirection' ? windSector(reading.value)?.angle : undefined;
      markers.push({
        key: `${sensor.id}-${layer}`,
        sensorId: sensor.id,
        layer,
        metric: reading.metric,
        value: reading.value,
        text:
          sector === undefined ? formatLayerValue(layer, reading.value, language) : `${sector}°`,
        position:
          layer === 'windDirection'
            ? { lat: position.lat, lng: position.lng + WIND_MARKER_LONGITUDE_OFFSET_DEG }
            : position,
        colour,
        band,
        textColour: textOn(colour),
        // The direction marker sits beside the station, not in its stack.
        stack: layer === 'windDirection' ? 0 : stack++,
        ...(sector === undefined ? {} : { sector }),
      });
    }
  }
  return markers;
}

/** One row of a layer's legend: the band's colour and its range. */
export interface LegendBand {
  readonly index: number;
  readonly colour: string;
  readonly from: number | null;
  readonly to: number | null;
}

export function legendBands(layer: WeatherLayer): LegendBand[] {
  const kind = bandKind(layer);
  if (!kind) return [];
  const edges = COLOUR_BAND_EDGES[kind];
  return Array.from({ length: edges.length + 1 }, (_, index) => ({
    index,
    colour: bandColour(kind, index),
    from: index === 0 ? null : (edges[index - 1] ?? null),
    to: edges[index] ?? null,
  }));
}

/** The area's bounds grown to hold every sensor (a station often stands outside the blocks). */
export function weatherBounds(area: Bounds | null, points: readonly LatLng[]): Bounds | null {
  if (points.length === 0) return area;
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const sensors = {
    south: Math.min(...lats),
    north: Math.max(...lats),
    west: Math.min(...lngs),
    east: Math.max(...lngs),
  };
  if (!area) return sensors;
  return {
    south: Math.min(area.south, sensors.south),
    north: Math.max(area.north, sensors.north),
    west: Math.min(area.west, sensors.west),
    east: Math.max(area.east, sensors.east),
  };
}

function rgb(colour: string): [number, number, number] {
  const hex = colour.replace('#', '');
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

function sampleRamp(stops: readonly string[], position: number): string {
  if (stops.length === 1) return stops[0] as string;
  const scaled = position * (stops.length - 1);
  const lower = Math.min(Math.floor(scaled), stops.length - 2);
  const fraction = scaled - lower;
  const a = rgb(stops[lower] as string);
  const b = rgb(stops[lower + 1] as string);
  const mix = a.map((channel, i) => Math.round(channel + ((b[i] as number) - channel) * fraction));
  return `#${mix.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

export { LAYER_UNITS };
