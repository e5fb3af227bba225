/**
 * Colour bands of the weather map (§9): each kind of reading is cut at ascending edges. Band 0 is
 * everything below the first edge; band i is from edge i−1 (inclusive) up to edge i (exclusive);
 * the last band is open-ended. So a value exactly on an edge belongs to the band above it.
 */
import type { WeatherLayer } from './weather.ts';

/** Evenly spaced edges from `first` to `last` inclusive. */
function steps(first: number, last: number, step: number): readonly number[] {
  const edges: number[] = [];
  for (let edge = first; edge <= last; edge += step) edges.push(edge);
  return edges;
}

/**
 * Band edges per weather layer. "N steps" in §9 reads as a step size of N:
 * - windSpeed (kph): the spec's list, the Beaufort scale with 2 for 1, so a band index is the
 *   Beaufort number; band 0 (below 2) is white.
 * - growingDays: every 200 up to 2000.
 * - chillUnits: every 100; decision: up to 1000, giving the same eleven bands as growing days.
 * - precipitation (mm): one band below 10, then every 5 from 10 up to 60.
 * - humidity, soilMoisture, airDensity: every 10 from 10 to 90.
 * - temperature (°C): the spec's list.
 * - dewPoint (°C): decision: every 5 from −20 to 55, the step the spec uses for rain.
 */
export const COLOUR_BAND_EDGES = {
  windSpeed: [2, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118],
  growingDays: steps(200, 2000, 200),
  chillUnits: steps(100, 1000, 100),
  precipitation: steps(10, 60, 5),
  humidity: steps(10, 90, 10),
  soilMoisture: steps(10, 90, 10),
  airDensity: steps(10, 90, 10),
  temperature: [-10, 0, 5, 15, 25, 35, 45],
  dewPoint: steps(-20, 55, 5),
  /** Ours (mm/day): FAO-56's ET0 runs from about 1 in a cool winter to 8 or more in hot dry summers. */
  et0: [1, 2, 3, 4, 5, 6, 7, 8],
} as const satisfies Partial<Record<WeatherLayer, readonly number[]>>;

/** The weather layers drawn in colour bands (soil temperature, wind direction and air pressure are not). */
export type ColourBandKind = keyof typeof COLOUR_BAND_EDGES;

export interface ColourBand {
  /** 0 for below the first edge, up to the number of edges for the open top band. */
  readonly index: number;
  /** Inclusive lower bound; null for band 0. */
  readonly from: number | null;
  /** Exclusive upper bound; null for the top band. */
  readonly to: number | null;
}

/** How many bands a kind has: one more than its edges. */
export function colourBandCount(kind: ColourBandKind): number {
  return COLOUR_BAND_EDGES[kind].length + 1;
}

/** The band a reading falls in; null when there is no reading (missing or not a number). */
export function colourBand(
  kind: ColourBandKind,
  value: number | null | undefined,
): ColourBand | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  const edges = COLOUR_BAND_EDGES[kind];
  let index = 0;
  while (index < edges.length && value >= (edges[index] ?? Number.POSITIVE_INFINITY)) index += 1;
  return {
    index,
    from: index === 0 ? null : (edges[index - 1] ?? null),
    to: edges[index] ?? null,
  };
}
