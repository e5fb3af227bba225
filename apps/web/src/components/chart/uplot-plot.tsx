/**
 * uPlot on a canvas: the only module that imports uPlot (reached through React.lazy only, so the
 * first load never carries it). Lines break at nulls (gaps), high-low pairs fill a band, each unit
 * gets its own y axis (left, then right), times on the x axis are the site's local time, and a
 * drag across the plot zooms (double click zooms out), reported through onZoom.
 */
import 'uplot/dist/uPlot.min.css';
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import { AXIS_COLOUR, bandFill, GRID_COLOUR, seriesColour } from './palette.ts';
import type { PlotShape } from './shape.ts';
import type { ChartAnnotations } from './types.ts';
import { wallClockDate } from './zoned-time.ts';

export interface PlotHandle {
  /** The canvas uPlot painted (plot, axes, their labels) and its css width. */
  readonly canvas: () => { canvas: HTMLCanvasElement; cssWidth: number } | null;
}

export interface UplotPlotProps {
  readonly shape: PlotShape;
  readonly width: number;
  readonly height: number;
  readonly timeZone: string;
  /** Month and weekday names of the axis, in the user's language. */
  readonly dateNames?: uPlot.DateNames;
  readonly formatValue: (value: number) => string;
  /** The x range shown, epoch s. */
  readonly xRange: { readonly min: number; readonly max: number } | null;
  /** A drag zoomed in (epoch ms), or a double click zoomed out (null). */
  readonly onZoom: (range: { min: number; max: number } | null) => void;
  /** After each paint of new data. */
  readonly onDrawn?: () => void;
  /** Legend labels of the series (high-low pairs labelled apart). */
  readonly labels: readonly string[];
  /** The legend's name of the time axis, in the user's language. */
  readonly timeLabel: string;
  /** Spans, marks and lines drawn over the plot. */
  readonly annotations?: ChartAnnotations;
}

/** Height of one row of spans (css px). */
const SPAN_ROW_PX = 6;

/** Draws the annotations on the plot's canvas (device pixels), after the series. */
function drawAnnotations(u: uPlot, annotations: ChartAnnotations | undefined): void {
  if (!annotations) return;
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const ratio = uPlot.pxRatio;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  for (const line of annotations.lines ?? []) {
    const scale = `y:${line.unit}`;
    if (!u.scales[scale]) continue;
    const y = u.valToPos(line.value, scale, true);
    ctx.strokeStyle = line.colour;
    ctx.lineWidth = ratio;
    ctx.setLineDash([6 * ratio, 4 * ratio]);
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = line.colour;
    ctx.font = `${11 * ratio}px sans-serif`;
    ctx.fillText(line.label, left + 4 * ratio, y - 3 * ratio);
  }
  for (const curve of annotations.curves ?? []) {
    const scale = `y:${curve.unit}`;
    if (!u.scales[scale] || curve.points.length === 0) continue;
    ctx.strokeStyle = curve.colour;
    ctx.lineWidth = 2 * ratio;
    ctx.setLineDash([8 * ratio, 5 * ratio]);
    ctx.beginPath();
    curve.points.forEach((point, index) => {
      const x = u.valToPos(point.at / 1000, 'x', true);
      const y = u.valToPos(point.value, scale, true);
      if (index === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.stroke();
    ctx.setLineDash([]);
    const last = curve.points[curve.points.length - 1];
    if (!last) continue;
    ctx.fillStyle = curve.colour;
    ctx.font = `${11 * ratio}px sans-serif`;
    ctx.textAlign = 'right';
    ctx.fillText(
      curve.label,
      u.valToPos(last.at / 1000, 'x', true) - 4 * ratio,
      u.valToPos(last.value, scale, true) + 14 * ratio,
    );
    ctx.textAlign = 'left';
  }
  const xMax = u.scales.x?.max ?? 0;
  for (const span of annotations.spans ?? []) {
    const from = u.valToPos(span.from / 1000, 'x', true);
    const to = u.valToPos((span.to ?? xMax * 1000) / 1000, 'x', true);
    if (to <= left || from >= left + width) continue;
    ctx.fillStyle = span.colour;
    ctx.globalAlpha = 0.12;
    ctx.fillRect(from, top, Math.max(ratio, to - from), height);
    ctx.globalAlpha = 1;
    ctx.fillRect(
      from,
      top + span.row * SPAN_ROW_PX * ratio,
      Math.max(ratio, to - from),
      (SPAN_ROW_PX - 1) * ratio,
    );
  }
  for (const mark of annotations.marks ?? []) {
    const scale = `y:${mark.unit}`;
    if (!u.scales[scale]) continue;
    const x = u.valToPos(mark.at / 1000, 'x', true);
    const y = u.valToPos(mark.value, scale, true);
    ctx.fillStyle = mark.colour;
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = ratio;
    ctx.beginPath();
    ctx.arc(x, y, 4 * ratio, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    ctx.font = `${11 * ratio}px sans-serif`;
    ctx.fillText(mark.label, x + 6 * ratio, y - 6 * ratio);
  }
  ctx.restore();
}

const DAY = 86_400;
/**
 * Time tick labels, day before month and a 24-hour clock (New Zealand, Australia, Germany), in
 * uPlot's table form: [tick step, label, label where the year changes, where the month changes,
 * where the day changes, …, mode]. A tick names what changed since the one before it.
 */
const TIME_TICKS: uPlot.Axis.Values = [
  [365 * DAY, '{YYYY}', null, null, null, null, null, null, 1],
  [28 * DAY, '{MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [DAY, '{D} {MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [3600, '{HH}:{mm}', '\n{D} {MMM} {YYYY}', null, '\n{D} {MMM}', null, null, null, 1],
  [60, '{HH}:{mm}', '\n{D} {MMM} {YYYY}', null, '\n{D} {MMM}', null, null, null, 1],
  [
    1,
    ':{ss}',
    '\n{D} {MMM} {YYYY} {HH}:{mm}',
    null,
    '\n{D} {MMM} {HH}:{mm}',
    null,
    '\n{HH}:{mm}',
    null,
    1,
  ],
];

function structureOf(props: UplotPlotProps): string {
  return JSON.stringify([
    props.shape.series,
    props.shape.bands,
    props.shape.units,
    props.labels,
    props.timeLabel,
    props.timeZone,
    props.dateNames?.MMM ?? null,
  ]);
}

function optionsOf(props: UplotPlotProps, handlers: Handlers): uPlot.Options {
  const { shape, timeZone, formatValue } = props;
  const scaleOf = (unit: string) => `y:${unit}`;
  const series: uPlot.Series[] = [
    { label: props.timeLabel },
    ...shape.series.map((item, index): uPlot.Series => ({
      label: props.labels[index] ?? item.label,
      scale: scaleOf(item.unit),
      stroke: seriesColour(item.metric),
      width: item.role === 'average' ? 1.5 : 1,
      spanGaps: false,
      points: { show: false },
      value: (_u, value) => (value == null ? '--' : `${formatValue(value)} ${item.unit}`.trim()),
    })),
  ];
  const axes: uPlot.Axis[] = [
    {
      stroke: AXIS_COLOUR,
      grid: { stroke: GRID_COLOUR },
      ticks: { stroke: GRID_COLOUR },
      values: TIME_TICKS,
    },
    ...shape.units.map((unit, index): uPlot.Axis => ({
      scale: scaleOf(unit),
      side: index === 0 ? 3 : 1,
      label: unit || undefined,
      labelSize: unit ? 20 : 0,
      stroke: AXIS_COLOUR,
      grid: { show: index === 0, stroke: GRID_COLOUR },
      ticks: { stroke: GRID_COLOUR },
      values: (_u, splits) => splits.map((split) => formatValue(split)),
      size: 56,
    })),
  ];
  return {
    width: props.width,
    height: props.height,
    tzDate: (seconds) => wallClockDate(seconds * 1000, timeZone),
    ...(props.dateNames
      ? { fmtDate: (template: string) => uPlot.fmtDate(template, props.dateNames) }
      : {}),
    scales: {
      x: { time: true },
      ...Object.fromEntries(
        shape.units.map((unit) => [
          scaleOf(unit),
          {
            range: (_u: uPlot, min: number, max: number) =>
              rangeWithCurves(handlers.annotations(), unit, min, max),
          },
        ]),
      ),
    },
    series,
    axes,
    bands: shape.bands.map(([high, low]) => ({
      series: [high, low],
      fill: bandFill(seriesColour(shape.series[high - 1]?.metric ?? 0)),
    })),
    cursor: {
      drag: { x: true, y: false, setScale: true },
      bind: {
        dblclick: (_u, _target, handler) => (event) => {
          handlers.onZoomOut();
          return handler(event);
        },
      },
    },
    legend: { show: true, live: true },
    hooks: {
      // Only what the user does is reported (a drag, a double click), never this module's own
      // setScale calls: uPlot fires its setScale hook later, when it commits.
      setSelect: [(u) => handlers.onSelect(u)],
      draw: [(u) => handlers.onDraw(u)],
    },
  };
}

/**
 * A unit's y range over its data and the annotation curves on it (an expected curve below the
 * readings so far stays in sight), padded as uPlot pads (without curves: uPlot's own range).
 */
function rangeWithCurves(
  annotations: ChartAnnotations | undefined,
  unit: string,
  min: number | null,
  max: number | null,
): uPlot.Range.MinMax {
  let low: number | null = min;
  let high: number | null = max;
  for (const curve of annotations?.curves ?? []) {
    if (curve.unit !== unit) continue;
    for (const point of curve.points) {
      low = low === null ? point.value : Math.min(low, point.value);
      high = high === null ? point.value : Math.max(high, point.value);
    }
  }
  // uPlot's own y range: padded by a tenth, no range without data.
  if (low === null || high === null) return [null, null];
  return uPlot.rangeNum(low, high, 0.1, true);
}

interface Handlers {
  /** A drag across the plot: the user zoomed. */
  onSelect: (u: uPlot) => void;
  /** A double click: the user zoomed out. */
  onZoomOut: () => void;
  onDraw: (u: uPlot) => void;
  /** The annotations now (a y range takes in their curves). */
  annotations: () => ChartAnnotations | undefined;
}

export const UplotPlot = forwardRef<PlotHandle, UplotPlotProps>(function UplotPlot(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const drawnData = useRef<unknown>(null);

  useImperativeHandle(ref, () => ({
    canvas: () => {
      const u = plot.current;
      return u ? { canvas: u.ctx.canvas, cssWidth: u.width } : null;
    },
  }));

  const setX = (u: uPlot) => {
    const range = latest.current.xRange;
    if (!range) return;
    u.setScale('x', { min: range.min, max: range.max });
  };

  const structure = structureOf(props);
  // Layout effects: the chart is made and fed before the browser paints, not a frame later.
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const handlers: Handlers = {
      onSelect: (u) => {
        const { left, width } = u.select;
        if (width <= 0) return;
        const min = u.posToVal(left, 'x');
        const max = u.posToVal(left + width, 'x');
        latest.current.onZoom({ min: Math.round(min * 1000), max: Math.round(max * 1000) });
      },
      onZoomOut: () => latest.current.onZoom(null),
      annotations: () => latest.current.annotations,
      onDraw: (u) => {
        drawAnnotations(u, latest.current.annotations);
        if (drawnData.current === latest.current.shape.data) return;
        drawnData.current = latest.current.shape.data;
        latest.current.onDrawn?.();
      },
    };
    const u = new uPlot(
      optionsOf(latest.current, handlers),
      latest.current.shape.data as uPlot.AlignedData,
      element,
    );
    plot.current = u;
    setX(u);
    return () => {
      u.destroy();
      plot.current = null;
      drawnData.current = null;
    };
  }, [structure]);

  useLayoutEffect(() => {
    const u = plot.current;
    if (!u || u.data === (props.shape.data as uPlot.AlignedData)) return;
    // A plot made before its first answer ranges its y axes on that answer; later answers keep
    // the scales the x range gives. One batch: one paint.
    const first = (u.data[0]?.length ?? 0) === 0;
    u.batch(() => {
      u.setData(props.shape.data as uPlot.AlignedData, first);
      setX(u);
    });
  }, [props.shape.data]);

  useEffect(() => {
    const u = plot.current;
    if (u) setX(u);
  }, [props.xRange?.min, props.xRange?.max]);

  // New annotations (a run began, a poll brought its stop) repaint without new data.
  const annotationsKey = JSON.stringify(props.annotations ?? null);
  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    // Setting the x range ranges the y axes again, taking in a curve that came or moved.
    if (latest.current.xRange) setX(u);
    else u.redraw(false, false);
  }, [annotationsKey]);

  useEffect(() => {
    const u = plot.current;
    if (u && (u.width !== props.width || u.height !== props.height)) {
      u.setSize({ width: props.width, height: props.height });
    }
  }, [props.width, props.height]);

  return <div ref={host} data-testid="chart-plot" />;
});
