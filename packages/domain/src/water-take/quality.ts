/**
 * NEMS National Quality Code Schema as the water-take records use it (docs/water-take.md): one
 * code per 15-minute interval. The codes and their names come from the NEMS schema (v3: 600 Good,
 * 500 Fair, 400 Compromised, 300 Synthetic, 200 Unverified, 100 Missing); which interval gets
 * which code is this module's rule, set out beside each code.
 */
import { z } from 'zod';

export const QUALITY_CODES = {
  /** Measured: the meter's readings across the interval are at most 15 minutes apart. */
  good: 600,
  /** Measured, but readings 15–30 minutes apart: the split between intervals is apportioned. */
  fair: 500,
  /** The meter's count fell inside the interval (a reset or replacement): no volume is given. */
  compromised: 400,
  /** An estimate (source `estimated`), not a measurement. */
  synthetic: 300,
  /** Measured by a meter with no verification on record, or one older than five years. */
  unverified: 200,
  /** No reading covers the interval (a telemetry gap longer than 30 minutes): no volume. */
  missing: 100,
} as const;

export type QualityName = keyof typeof QUALITY_CODES;
export type QualityCode = (typeof QUALITY_CODES)[QualityName];

export const qualityCodeSchema = z.union(
  Object.values(QUALITY_CODES).map((code) => z.literal(code)) as [
    z.ZodLiteral<QualityCode>,
    ...z.ZodLiteral<QualityCode>[],
  ],
);

/** The NEMS name of a code, for a file's legend. */
export const QUALITY_NAMES: Readonly<Record<QualityCode, string>> = {
  600: 'Good',
  500: 'Fair',
  400: 'Compromised',
  300: 'Synthetic',
  200: 'Unverified',
  100: 'Missing',
};

/** Where an interval's volume comes from. */
export const WATER_TAKE_SOURCES = ['telemetry', 'manual', 'estimated'] as const;
export const waterTakeSourceSchema = z.enum(WATER_TAKE_SOURCES);
export type WaterTakeSource = z.infer<typeof waterTakeSourceSchema>;

/** Readings further apart than this give fair (500) rather than good (600) intervals. */
export const GOOD_READING_GAP_MS = 15 * 60_000;
/** Decision: readings further apart than this are a gap; the intervals in it are missing (100). */
export const MAX_READING_GAP_MS = 30 * 60_000;
/** Verification lapses after five years (councils' practice, e.g. Greater Wellington). */
export const VERIFICATION_VALID_YEARS = 5;

/** The worse of two codes (a lower NEMS code is worse). */
export function worseQuality(a: QualityCode, b: QualityCode): QualityCode {
  return a < b ? a : b;
}
