/**
 * The irrigation history's plot: the bars drawn on a canvas (irrigation-history-canvas.ts), a
 * tooltip naming the bar under the pointer, and a click on a month that zooms into its days.
 */
import { Box, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { barAt, drawHistory, periodAt, type HistoryLayout } from './irrigation-history-canvas.ts';
import type { HistoryBar, HistoryShape } from './irrigation-history.ts';

/** The narrowest a bar is drawn, css px. */
const MIN_BAR_PX = 4;
/** The plot's axes and margins beside the bars, css px (irrigation-history-canvas.ts). */
const PLOT_MARGINS_PX = 108;

export interface HistoryPlotHandle {
  /** The canvas as drawn and its css width, for the png export. */
  canvas(): { canvas: HTMLCanvasElement; cssWidth: number } | null;
}

export interface HistoryPlotProps {
  readonly shape: HistoryShape;
  readonly height: number;
  readonly periodLabels: readonly string[];
  readonly depthUnit: string;
  readonly volumeUnit: string;
  /** The tooltip's text of a bar. */
  readonly describe: (bar: HistoryBar) => string;
  /** A click on a period's group; undefined: periods do not zoom (already days). */
  readonly onPeriod?: (period: string) => void;
}

export const HistoryPlot = forwardRef<HistoryPlotHandle, HistoryPlotProps>(function HistoryPlot(
  { shape, height, periodLabels, depthUnit, volumeUnit, describe, onPeriod },
  ref,
) {
  const { ref: sizeRef, width } = useElementSize();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layoutRef = useRef<HistoryLayout | null>(null);
  const [hover, setHover] = useState<{ bar: HistoryBar; x: number; y: number } | null>(null);
  // Bars stay at least MIN_BAR_PX wide: a month of days of many zones scrolls sideways.
  const needed = PLOT_MARGINS_PX + (shape.periods.length * shape.zones.length * MIN_BAR_PX) / 0.76;
  const cssWidth = width > 0 ? Math.max(Math.floor(width), Math.ceil(needed)) : 0;

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || cssWidth <= 0) return;
    layoutRef.current = drawHistory(
      canvas,
      shape,
      { cssWidth, cssHeight: height, ratio: window.devicePixelRatio || 1 },
      { periods: periodLabels, depthUnit, volumeUnit },
    );
  }, [shape, cssWidth, height, periodLabels, depthUnit, volumeUnit]);

  useImperativeHandle(
    ref,
    () => ({
      canvas: () => (canvasRef.current ? { canvas: canvasRef.current, cssWidth } : null),
    }),
    [cssWidth],
  );

  const point = (event: React.MouseEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  return (
    <Box ref={sizeRef} style={{ overflowX: 'auto', overflowY: 'hidden' }}>
      <Box pos="relative" h={height} w={cssWidth || '100%'}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={periodLabels.join(', ')}
          style={{ display: 'block', cursor: onPeriod ? 'zoom-in' : 'default' }}
          onMouseMove={(event) => {
            const layout = layoutRef.current;
            const { x, y } = point(event);
            const hit = layout ? barAt(layout, x, y) : null;
            const bar = hit && hit.zone >= 0 ? shape.bars[hit.period]?.[hit.zone] : undefined;
            setHover(bar ? { bar, x, y } : null);
          }}
          onMouseLeave={() => setHover(null)}
          onClick={(event) => {
            const layout = layoutRef.current;
            const index = layout ? periodAt(layout, point(event).x) : null;
            const period = index === null ? undefined : shape.periods[index];
            if (onPeriod && period !== undefined) onPeriod(period);
          }}
        />
        {hover && (
          <Paper
            withBorder
            shadow="xs"
            p={6}
            pos="absolute"
            top={Math.max(0, hover.y - 56)}
            left={Math.min(Math.max(0, hover.x + 12), Math.max(0, cssWidth - 240))}
            w={228}
            style={{ pointerEvents: 'none', zIndex: 2 }}
            data-testid="irrigation-history-tooltip"
          >
            <Text size="xs" style={{ whiteSpace: 'pre-line' }}>
              {describe(hover.bar)}
            </Text>
          </Paper>
        )}
      </Box>
    </Box>
  );
});
