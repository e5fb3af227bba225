/**
 * Query keys of chart series (GET sensors|controls|radios|units/{id}/series). Keyed by thing and
 * metric, then the query, so every chart of one thing is reached by seriesKeys.thing.
 */
import type { SeriesKind, SeriesRequest } from './series-request.ts';

export const seriesKeys = {
  /** Every series of the thing. */
  thing: (kind: SeriesKind, id: number) => ['series', kind, id] as const,
  /** One metric over one window. */
  detail: (kind: SeriesKind, id: number, request: SeriesRequest) =>
    [...seriesKeys.thing(kind, id), request] as const,
};
