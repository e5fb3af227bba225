/**
 * The soil and crop a zone's water balance runs on (issue 30, item 3): optional settings on the
 * area (`settings.waterBalance`), each field falling back to one documented default, and the
 * dates the balance covers. The server's GET areas/{id}/water-balance and its tests read these.
 */
import { z } from 'zod';
import { localDate } from '../addons/water-use.ts';
import { addDays } from '../water-take/days.ts';
import {
  cropCoefficient,
  irrigationDepth,
  runBucket,
  type BucketStep,
  type CropCurve,
  type IrrigationDepth,
  type RootZoneSoil,
} from './bucket.ts';

/**
 * What a zone's balance assumes when its area says nothing: a loam (FAO-56 Table 19: θFC
 * 0.22–0.36, θWP 0.06–0.20; mid values), a vine's 0.6 m of effective roots, p 0.5 (FAO-56
 * Table 22's common value); and wine grapes' single Kc (FAO-56 Table 12: ini 0.30, mid 0.70,
 * end 0.45) over their stage lengths (FAO-56 Table 11, "Grapes – Wine", mid latitudes: 30, 60,
 * 40 and 80 days from bud burst), the season starting on the site's season start.
 */
export const DEFAULT_WATER_BALANCE = {
  soil: { fieldCapacity: 0.3, wiltingPoint: 0.15, rootDepth: 0.6, depletionFraction: 0.5 },
  crop: {
    kc: { initial: 0.3, mid: 0.7, end: 0.45 },
    stages: { initial: 30, development: 60, midSeason: 40, late: 80 },
  },
} as const satisfies {
  soil: RootZoneSoil;
  crop: Pick<CropCurve, 'kc' | 'stages'>;
};

/**
 * Days a balance runs at most: from the season start or this many days before the date, the
 * later. The bucket forgets: after a winter's rain the soil is at field capacity, so starting
 * full 120 days back costs little accuracy and bounds the read.
 */
export const WATER_BALANCE_MAX_DAYS = 120;

/** The metrics a rain gauge reports (mm/h averaged since its last report), as skip rules read. */
export const RAIN_GAUGE_METRICS = ['rain.avg', 'rain'] as const;

const fraction = z.number().min(0).max(1);

/** A soil's fields, each optional (an absent one is the default's). */
export const waterBalanceSoilSettingsSchema = z.strictObject({
  /** θFC, m³/m³. */
  fieldCapacity: fraction.optional(),
  /** θWP, m³/m³. */
  wiltingPoint: fraction.optional(),
  /** Zr, m. */
  rootDepth: z.number().positive().max(5).optional(),
  /** p, the share of TAW taken before stress (FAO-56 Table 22: 0.2–0.8). */
  depletionFraction: z.number().positive().max(1).optional(),
});

/** A zone's own soil, and its irrigated area (m²) so a metered volume becomes a depth. */
export const waterBalanceZoneSettingsSchema = waterBalanceSoilSettingsSchema.extend({
  areaSquareMetres: z.number().positive().optional(),
});

const kc = z.number().min(0).max(2);
const stageDays = z.number().int().positive().max(366);

/** An area's crop curve, each field optional. */
export const waterBalanceCropSettingsSchema = z.strictObject({
  kc: z.strictObject({ initial: kc.optional(), mid: kc.optional(), end: kc.optional() }).optional(),
  stages: z
    .strictObject({
      initial: stageDays.optional(),
      development: stageDays.optional(),
      midSeason: stageDays.optional(),
      late: stageDays.optional(),
    })
    .optional(),
  /** Kc outside the season; absent is Kc ini (bucket.ts, CropCurve.offSeason). */
  offSeason: kc.optional(),
});

/** `settings.waterBalance` of an area: its soil and crop, and per zone (section id) overrides. */
export const waterBalanceSettingsSchema = z.strictObject({
  soil: waterBalanceSoilSettingsSchema.optional(),
  crop: waterBalanceCropSettingsSchema.optional(),
  zones: z.record(z.string().regex(/^\d+$/), waterBalanceZoneSettingsSchema).optional(),
});
export type WaterBalanceSettings = z.infer<typeof waterBalanceSettingsSchema>;

/** What one zone's balance runs on. */
export interface WaterBalanceParameters {
  readonly soil: RootZoneSoil;
  readonly crop: CropCurve;
  /** The zone's irrigated area (m²), null when not set: then depths come from run time. */
  readonly areaSquareMetres: number | null;
}

/**
 * Settings → parameters for one zone: the zone's own soil field, else the area's, else the
 * default; the area's crop fields, else the default's; the season start as given.
 */
export function waterBalanceParameters(
  settings: WaterBalanceSettings | undefined,
  sectionId: number,
  seasonStart: string,
): WaterBalanceParameters {
  const zone = settings?.zones?.[String(sectionId)];
  const area = settings?.soil;
  const soil = DEFAULT_WATER_BALANCE.soil;
  const crop = DEFAULT_WATER_BALANCE.crop;
  const given = settings?.crop;
  return {
    soil: {
      fieldCapacity: zone?.fieldCapacity ?? area?.fieldCapacity ?? soil.fieldCapacity,
      wiltingPoint: zone?.wiltingPoint ?? area?.wiltingPoint ?? soil.wiltingPoint,
      rootDepth: zone?.rootDepth ?? area?.rootDepth ?? soil.rootDepth,
      depletionFraction:
        zone?.depletionFraction ?? area?.depletionFraction ?? soil.depletionFraction,
    },
    crop: {
      seasonStart,
      kc: { ...crop.kc, ...definedOnly(given?.kc) },
      stages: { ...crop.stages, ...definedOnly(given?.stages) },
      ...(given?.offSeason === undefined ? {} : { offSeason: given.offSeason }),
    },
    areaSquareMetres: zone?.areaSquareMetres ?? null,
  };
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The last day-month (a site's season start, DDMM) on or before a local date, as YYYY-MM-DD:
 * the season the date is in. 29 February in a common year is the 28th.
 */
export function seasonStartOnOrBefore(dayMonth: string, date: string): string {
  const day = Number(dayMonth.slice(0, 2));
  const month = Number(dayMonth.slice(2, 4));
  const on = (year: number) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${year}-${pad(month)}-${pad(Math.min(day, last))}`;
  };
  const year = Number(date.slice(0, 4));
  return on(year) <= date ? on(year) : on(year - 1);
}

/** The first day a balance to `date` runs from: the season start or WATER_BALANCE_MAX_DAYS back. */
export function waterBalanceFrom(seasonStart: string, date: string): string {
  const earliest = addDays(date, 1 - WATER_BALANCE_MAX_DAYS);
  return seasonStart > earliest ? seasonStart : earliest;
}

/** Today's local date in a zone: what the balance runs to when no date is asked. */
export function waterBalanceToday(now: Date, timeZone: string): string {
  return localDate(now.getTime(), timeZone);
}

/** How many days before today the stand-in for today's ET0 may come from. */
const TODAY_ET0_LOOKBACK_DAYS = 3;

/**
 * The ET0 a balance counts for today, whose own ET0 is computed only once the day is over: the
 * newest computed day of the TODAY_ET0_LOOKBACK_DAYS before it, counted in full; null when none
 * is that recent (today then counts 0 and is listed missing). Rule: the balance's depletion is
 * the one at the end of its date, and an end of today with no crop use would read a zone wetter
 * than it will be by evening (a deficit-mode start at dawn would then under-water by a day's
 * ETc); yesterday's ET0 is the usual persistence estimate of today's (day-to-day ET0 changes
 * far less than its seasonal swing). Today's own day replaces it once computed.
 */
export function todayEt0StandIn(
  et0: ReadonlyMap<string, number>,
  today: string,
): { readonly date: string; readonly et0: number } | null {
  for (let back = 1; back <= TODAY_ET0_LOOKBACK_DAYS; back++) {
    const date = addDays(today, -back);
    const value = et0.get(date);
    if (value !== undefined) return { date, et0: value };
  }
  return null;
}

/** One day's measured inputs, the same for every zone of the area but the irrigation. */
export interface WaterBalanceDayInput {
  readonly date: string;
  /** The station's ET0 (mm); null when it has no day: counted as 0 and reported missing. */
  readonly et0: number | null;
  /** The gauge's total (mm). */
  readonly rain: number;
  /** The zone's applied depth (mm). */
  readonly irrigation: number;
  /** The zone's soil probe at the end of the day (volumetric %); absent or null without one. */
  readonly probeMoisture?: number | null;
}

/**
 * A zone's balance over its days: from field capacity (depletion 0) on the first day, each day
 * the bucket's step with ET0 × Kc of the crop curve on that date. Starting full is the season's
 * usual state after winter rain; WATER_BALANCE_MAX_DAYS bounds what it assumes.
 */
export function zoneWaterBalance(
  parameters: Pick<WaterBalanceParameters, 'soil' | 'crop'>,
  days: readonly WaterBalanceDayInput[],
): { steps: BucketStep[]; kc: number[] } {
  const kcs = days.map((day) => cropCoefficient(parameters.crop, day.date).kc);
  const steps = runBucket(
    parameters.soil,
    0,
    days.map((day, index) => ({
      et0: day.et0 ?? 0,
      kc: kcs[index] ?? 0,
      rain: [{ at: 0, depth: day.rain }],
      irrigation: [{ at: 0, depth: day.irrigation }],
      probeMoisture: day.probeMoisture ?? null,
    })),
  );
  return { steps, kc: kcs };
}

/**
 * A zone's irrigation of a day (mm): the metered volume (m³) over its area where both are known
 * (a meter saw the water that went out), else the depth its runs applied by run time × rate
 * (the irrigation history's appliedDepthMm), else none.
 */
export function zoneDayIrrigation(
  day: { readonly applied: number; readonly runtimeMs: number; readonly volume: number | null },
  areaSquareMetres: number | null,
): IrrigationDepth {
  if (day.volume !== null && areaSquareMetres !== null) {
    return irrigationDepth({
      meteredLitres: day.volume * 1000,
      areaSquareMetres,
      runSeconds: null,
      applicationRateMmPerHour: null,
    });
  }
  if (day.runtimeMs > 0) return { depth: Math.max(0, day.applied), source: 'run-time' };
  return { depth: 0, source: 'none' };
}
