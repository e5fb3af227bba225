/** What a chart asks of a series endpoint, in the console's types (the query travels as text). */
import type { ChartInterval, ChartOption } from '@paddock/domain';

/** The things that have series endpoints. */
export type SeriesKind = 'sensor' | 'control' | 'radio' | 'unit';

export interface SeriesRequest {
  readonly metric: string;
  readonly option: ChartOption;
  /** Chart width in pixels (the server gives at most 2 points per pixel). */
  readonly width: number;
  /** A §9 interval, or an explicit range (ISO instants, to exclusive). */
  readonly window:
    | { readonly interval: ChartInterval }
    | { readonly from: string; readonly to: string };
  /** Ask for each bucket's lowest, highest, average and count too (the exports). */
  readonly stats?: boolean;
}

/** The query string of a series call. */
export function seriesQueryOf(request: SeriesRequest) {
  const window =
    'interval' in request.window
      ? { interval: String(request.window.interval) }
      : { from: request.window.from, to: request.window.to };
  return {
    metric: request.metric,
    option: String(request.option),
    width: String(Math.round(request.width)),
    ...window,
    ...(request.stats ? { stats: 'true' } : {}),
  };
}
