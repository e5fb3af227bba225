/**
 * Rain that fell in a window, from a gauge's readings. A gauge reports its average rate since its
 * previous report (mm/h, `rain.avg`: the simulator and the field's tipping buckets alike), so each
 * reading covers the time since the one before it; the part of that stretch inside the window is
 * counted. The first reading has no stretch of its own: read from a little before the window.
 */

/** One reading of a rain gauge: epoch ms, mm/h. */
export interface RainReading {
  readonly time: number;
  readonly value: number;
}

/**
 * How far before a window a gauge's readings are read, so the reading that opens the window's
 * first stretch is there: a gauge reporting at least every two hours is counted exactly.
 */
export const RAIN_READING_LEAD_MS = 2 * 3_600_000;

/** Rain in [from, to], mm; readings in any order. Non-finite or negative rates count as none. */
export function rainInWindowMm(readings: readonly RainReading[], from: number, to: number): number {
  const sorted = [...readings].sort((a, b) => a.time - b.time);
  let total = 0;
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const reading = sorted[i];
    if (!previous || !reading) continue;
    const start = Math.max(previous.time, from);
    const end = Math.min(reading.time, to);
    if (end <= start || !Number.isFinite(reading.value) || reading.value <= 0) continue;
    total += (reading.value * (end - start)) / 3_600_000;
  }
  return total;
}
