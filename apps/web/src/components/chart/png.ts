/**
 * The png export: the chart as drawn. uPlot paints the plot, grid, axes, tick labels and axis
 * units on its canvas; the title and legend are DOM, so they are painted here around a copy of
 * that canvas, on white, at the canvas's own pixel ratio.
 */

export interface PngLegendItem {
  readonly label: string;
  readonly colour: string;
  /** A band (high-low) shows as a filled swatch. */
  readonly band?: boolean;
}

/** Margin around the picture, css px. */
const PNG_PADDING = 12;
const TITLE_SIZE = 16;
const LEGEND_SIZE = 12;
const LINE_GAP = 8;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The legend's rows: items laid left to right, wrapped at `width` (css px). */
function legendRows(
  context: CanvasRenderingContext2D,
  items: readonly PngLegendItem[],
  width: number,
): PngLegendItem[][] {
  const rows: PngLegendItem[][] = [[]];
  let x = 0;
  for (const item of items) {
    const itemWidth = 20 + context.measureText(item.label).width + 16;
    const row = rows[rows.length - 1] ?? [];
    if (x > 0 && x + itemWidth > width) {
      rows.push([item]);
      x = itemWidth;
    } else {
      row.push(item);
      x += itemWidth;
    }
  }
  return rows;
}

/** Paints title, the plot canvas and the legend onto a new canvas. */
export function composeChartCanvas(
  plot: HTMLCanvasElement,
  plotCssWidth: number,
  title: string,
  legend: readonly PngLegendItem[],
): HTMLCanvasElement {
  const ratio = plot.width / Math.max(1, plotCssWidth);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  const cssWidth = plotCssWidth + 2 * PNG_PADDING;
  context.font = `${LEGEND_SIZE}px ${FONT}`;
  const rows = legendRows(context, legend, plotCssWidth);
  const legendHeight = rows.length * (LEGEND_SIZE + LINE_GAP);
  const plotCssHeight = plot.height / ratio;
  const cssHeight =
    PNG_PADDING + TITLE_SIZE + LINE_GAP + plotCssHeight + LINE_GAP + legendHeight + PNG_PADDING;
  canvas.width = Math.round(cssWidth * ratio);
  canvas.height = Math.round(cssHeight * ratio);

  context.scale(ratio, ratio);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, cssWidth, cssHeight);
  context.fillStyle = '#212529';
  context.textBaseline = 'top';
  context.font = `600 ${TITLE_SIZE}px ${FONT}`;
  context.fillText(title, PNG_PADDING, PNG_PADDING, plotCssWidth);

  const plotTop = PNG_PADDING + TITLE_SIZE + LINE_GAP;
  context.drawImage(plot, PNG_PADDING, plotTop, plotCssWidth, plotCssHeight);

  context.font = `${LEGEND_SIZE}px ${FONT}`;
  context.textBaseline = 'middle';
  let y = plotTop + plotCssHeight + LINE_GAP + LEGEND_SIZE / 2;
  for (const row of rows) {
    let x = PNG_PADDING;
    for (const item of row) {
      context.fillStyle = item.band ? `${item.colour}40` : item.colour;
      if (item.band) context.fillRect(x, y - 5, 14, 10);
      context.strokeStyle = item.colour;
      context.lineWidth = 2;
      context.beginPath();
      context.moveTo(x, y);
      context.lineTo(x + 14, y);
      context.stroke();
      context.fillStyle = '#212529';
      context.fillText(item.label, x + 20, y);
      x += 20 + context.measureText(item.label).width + 16;
    }
    y += LEGEND_SIZE + LINE_GAP;
  }
  return canvas;
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The png could not be made'))),
      'image/png',
    );
  });
}
