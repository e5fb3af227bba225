/**
 * Draws the irrigation history on a canvas: per period a group of bars, one per zone, of the depth
 * applied (mm, left axis), the program's target across each bar as a dark line, and the water
 * measured (m³, right axis) as a diamond where a meter measured it. On a canvas, so the png export
 * is the picture as drawn (png.ts adds the title and legend).
 */
import type { HistoryShape } from './irrigation-history.ts';
import { AXIS_COLOUR, GRID_COLOUR, seriesColour } from './palette.ts';

export const TARGET_COLOUR = '#212529';
const FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const MARGIN = { top: 12, right: 12, bottom: 26, left: 48 };
/** Room for the volume axis on the right when a zone was metered. */
const VOLUME_AXIS = 48;
/** Share of a period's width left empty on each side of its bars. */
const GROUP_GAP = 0.12;

export interface HistoryLayout {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly groupWidth: number;
  readonly slotWidth: number;
  readonly zones: number;
  readonly periods: number;
}

function historyLayout(shape: HistoryShape, cssWidth: number, cssHeight: number): HistoryLayout {
  const right = MARGIN.right + (shape.maxVolume > 0 ? VOLUME_AXIS : 0);
  const width = Math.max(1, cssWidth - MARGIN.left - right);
  const height = Math.max(1, cssHeight - MARGIN.top - MARGIN.bottom);
  const periods = Math.max(1, shape.periods.length);
  const zones = Math.max(1, shape.zones.length);
  const groupWidth = width / periods;
  return {
    left: MARGIN.left,
    top: MARGIN.top,
    width,
    height,
    groupWidth,
    slotWidth: (groupWidth * (1 - 2 * GROUP_GAP)) / zones,
    zones,
    periods,
  };
}

/** The bar under a point of the plot (css px), or null between groups and outside. */
export function barAt(
  layout: HistoryLayout,
  x: number,
  y: number,
): { period: number; zone: number } | null {
  if (y < layout.top || y > layout.top + layout.height) return null;
  const inPlot = x - layout.left;
  if (inPlot < 0 || inPlot >= layout.width) return null;
  const period = Math.floor(inPlot / layout.groupWidth);
  const inGroup = inPlot - period * layout.groupWidth - layout.groupWidth * GROUP_GAP;
  const zone = Math.floor(inGroup / layout.slotWidth);
  if (inGroup < 0 || zone >= layout.zones) return { period, zone: -1 };
  return { period, zone };
}

/** The group of a period under x, for a click that zooms into it; null outside the plot. */
export function periodAt(layout: HistoryLayout, x: number): number | null {
  const inPlot = x - layout.left;
  if (inPlot < 0 || inPlot >= layout.width) return null;
  return Math.min(layout.periods - 1, Math.floor(inPlot / layout.groupWidth));
}

/** A round step for about `count` ticks up to `max`. */
function tickStep(max: number, count = 4): number {
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

export function drawHistory(
  canvas: HTMLCanvasElement,
  shape: HistoryShape,
  size: { readonly cssWidth: number; readonly cssHeight: number; readonly ratio: number },
  labels: {
    readonly periods: readonly string[];
    readonly depthUnit: string;
    readonly volumeUnit: string;
  },
): HistoryLayout {
  const { cssWidth, cssHeight, ratio } = size;
  canvas.width = Math.round(cssWidth * ratio);
  canvas.height = Math.round(cssHeight * ratio);
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  const layout = historyLayout(shape, cssWidth, cssHeight);
  const context = canvas.getContext('2d');
  if (!context) return layout;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, cssWidth, cssHeight);
  context.font = FONT;

  const depthStep = tickStep(Math.max(shape.maxDepth, 1));
  const depthTop = Math.ceil(Math.max(shape.maxDepth, 1) / depthStep) * depthStep;
  const volumeStep = tickStep(Math.max(shape.maxVolume, 0.001));
  const volumeTop = Math.ceil(Math.max(shape.maxVolume, 0.001) / volumeStep) * volumeStep;
  const yOf = (value: number, top: number) =>
    layout.top + layout.height - (Math.min(value, top) / top) * layout.height;

  // Grid and the depth axis (left).
  context.textBaseline = 'middle';
  context.textAlign = 'right';
  for (let tick = 0; tick <= depthTop + depthStep / 2; tick += depthStep) {
    const y = Math.round(yOf(tick, depthTop)) + 0.5;
    context.strokeStyle = GRID_COLOUR;
    context.beginPath();
    context.moveTo(layout.left, y);
    context.lineTo(layout.left + layout.width, y);
    context.stroke();
    context.fillStyle = AXIS_COLOUR;
    context.fillText(String(Math.round(tick * 100) / 100), layout.left - 6, y);
  }
  context.save();
  context.translate(12, layout.top + layout.height / 2);
  context.rotate(-Math.PI / 2);
  context.textAlign = 'center';
  context.fillText(labels.depthUnit, 0, 0);
  context.restore();

  if (shape.maxVolume > 0) {
    context.textAlign = 'left';
    const axisX = layout.left + layout.width;
    for (let tick = 0; tick <= volumeTop + volumeStep / 2; tick += volumeStep) {
      context.fillText(String(Math.round(tick * 1000) / 1000), axisX + 6, yOf(tick, volumeTop));
    }
    context.save();
    context.translate(axisX + VOLUME_AXIS - 2, layout.top + layout.height / 2);
    context.rotate(Math.PI / 2);
    context.textAlign = 'center';
    context.fillText(labels.volumeUnit, 0, 0);
    context.restore();
  }

  // Period labels: as many as fit without overlapping.
  context.textAlign = 'center';
  context.textBaseline = 'top';
  const widest = Math.max(...labels.periods.map((text) => context.measureText(text).width), 1);
  const every = Math.max(1, Math.ceil((widest + 8) / layout.groupWidth));
  labels.periods.forEach((text, index) => {
    if (index % every !== 0) return;
    const x = layout.left + (index + 0.5) * layout.groupWidth;
    context.fillStyle = AXIS_COLOUR;
    context.fillText(text, x, layout.top + layout.height + 6);
  });

  shape.bars.forEach((group, period) => {
    const groupLeft = layout.left + period * layout.groupWidth + layout.groupWidth * GROUP_GAP;
    for (const bar of group) {
      const x = groupLeft + bar.zoneIndex * layout.slotWidth;
      const inner = Math.max(1, layout.slotWidth - Math.min(2, layout.slotWidth * 0.2));
      const colour = seriesColour(bar.zoneIndex);
      if (bar.applied > 0) {
        const y = yOf(bar.applied, depthTop);
        context.fillStyle = colour;
        context.fillRect(x, y, inner, layout.top + layout.height - y);
      }
      if (bar.target !== null && bar.target > 0) {
        const y = Math.round(yOf(bar.target, depthTop)) + 0.5;
        context.strokeStyle = TARGET_COLOUR;
        context.lineWidth = 2;
        context.beginPath();
        context.moveTo(x - 1, y);
        context.lineTo(x + inner + 1, y);
        context.stroke();
        context.lineWidth = 1;
      }
      if (bar.volume !== null && shape.maxVolume > 0) {
        const cx = x + inner / 2;
        const cy = yOf(bar.volume, volumeTop);
        const r = Math.max(3, Math.min(5, inner / 2));
        context.fillStyle = '#ffffff';
        context.strokeStyle = TARGET_COLOUR;
        context.beginPath();
        context.moveTo(cx, cy - r);
        context.lineTo(cx + r, cy);
        context.lineTo(cx, cy + r);
        context.lineTo(cx - r, cy);
        context.closePath();
        context.fill();
        context.stroke();
      }
    }
  });
  return layout;
}
