/** The chart's public types (no uPlot here: the lazy wrapper and callers import these freely). */

/** The thing a series belongs to. */
export type SeriesSource = { kind: 'sensor' | 'control' | 'radio' | 'unit'; id: number };

/** One line of a chart: a metric of a thing, its legend label and its axis unit. */
export type ChartMetric = { source: SeriesSource; metric: string; label: string; unit: string };

/**
 * What a chart draws over its lines (the frost explorer's fan runs, a canopy against 0 °C, the
 * forecast's expected curve): on
 * the canvas, so the png export carries them too.
 */
export interface ChartAnnotations {
  /** Periods shaded across the plot (epoch ms; `to` null: still going), in rows from the top. */
  readonly spans?: readonly {
    readonly from: number;
    readonly to: number | null;
    readonly label: string;
    readonly colour: string;
    /** Row of the strip the span is drawn in (0 = top); each row is a few pixels high. */
    readonly row: number;
  }[];
  /** Points marked with a label (a fan's start and stop temperature), on the unit's axis. */
  readonly marks?: readonly {
    readonly at: number;
    readonly value: number;
    readonly unit: string;
    readonly label: string;
    readonly colour: string;
  }[];
  /**
   * Dashed lines through points on a unit's axis (the frost forecast's expected curve beside the
   * live readings); the unit's axis takes in their values.
   */
  readonly curves?: readonly {
    readonly points: readonly { readonly at: number; readonly value: number }[];
    readonly unit: string;
    readonly label: string;
    readonly colour: string;
  }[];
  /** Horizontal lines at a value of a unit (0 °C). */
  readonly lines?: readonly {
    readonly value: number;
    readonly unit: string;
    readonly label: string;
    readonly colour: string;
  }[];
}

export interface SeriesChartProps {
  /** Shown above the chart and written into the png export. */
  readonly title: string;
  readonly metrics: readonly ChartMetric[];
  /** The site's IANA zone: axes, csv times and the date range picker's days are local to it. */
  readonly timeZone: string;
  /** Plot height in pixels (default 280). */
  readonly height?: number;
  /**
   * A fixed window (ISO instants, `to` exclusive) instead of the stored interval and date range:
   * the chart is about that period (one frost night). Zooming within it still works.
   */
  readonly window?: { readonly from: string; readonly to: string };
  readonly annotations?: ChartAnnotations;
}
