/**
 * The root-zone water balance of a zone (issue 30, item 3): FAO-56 chapter 8, the "bucket" that
 * empties by crop evapotranspiration and fills by rain and irrigation, from 0 (field capacity) to
 * the total available water (wilting point). All depths are mm of water; all times epoch ms.
 *
 * Source: Allen, Pereira, Raes & Smith 1998, "Crop evapotranspiration", FAO Irrigation and
 * Drainage Paper 56 (FAO-56), chapter 6 (Kc curve, eq. 66) and chapter 8 (eq. 82, 83, 85, 88).
 */

const DAY_MS = 86_400_000;

/** The soil and root zone of a zone: what the bucket can hold and how much of it is easy to take. */
export interface RootZoneSoil {
  /** Volumetric water content at field capacity θFC (m³/m³, e.g. 0.30). */
  readonly fieldCapacity: number;
  /** Volumetric water content at the wilting point θWP (m³/m³, e.g. 0.15). */
  readonly wiltingPoint: number;
  /** Rooting depth Zr (m). */
  readonly rootDepth: number;
  /** Depletion fraction p (0–1): the share of TAW a crop takes before it is stressed (FAO-56 Table 22). */
  readonly depletionFraction: number;
}

/**
 * Total available water TAW (mm), FAO-56 eq. 82: TAW = 1000 (θFC − θWP) Zr. Never negative: a
 * wilting point above field capacity is a data error, and an empty bucket is the safe reading.
 */
export function totalAvailableWater(
  soil: Pick<RootZoneSoil, 'fieldCapacity' | 'wiltingPoint' | 'rootDepth'>,
): number {
  return Math.max(0, 1000 * (soil.fieldCapacity - soil.wiltingPoint) * soil.rootDepth);
}

/** Readily available water RAW (mm), FAO-56 eq. 83: RAW = p · TAW. */
export function readilyAvailableWater(soil: RootZoneSoil): number {
  return soil.depletionFraction * totalAvailableWater(soil);
}

/** Keeps a depletion within the bucket: FAO-56 eq. 86's bounds 0 ≤ Dr ≤ TAW. */
export function clampDepletion(depletion: number, taw: number): number {
  return Math.min(Math.max(depletion, 0), taw);
}

// ---------------------------------------------------------------------------------------------
// Crop coefficient by growth stage (FAO-56 chapter 6, Figure 25 and eq. 66)

/** Where a date falls in a crop's season. */
export type CropStage =
  'before-season' | 'initial' | 'development' | 'mid-season' | 'late-season' | 'after-season';

/**
 * A crop's Kc curve: the single crop coefficients of FAO-56 Table 12 and the stage lengths of
 * Table 11, from the season's first day (a local date, YYYY-MM-DD; from the site's season).
 */
export interface CropCurve {
  readonly seasonStart: string;
  /** Stage lengths in days: Lini, Ldev, Lmid, Llate. */
  readonly stages: {
    readonly initial: number;
    readonly development: number;
    readonly midSeason: number;
    readonly late: number;
  };
  readonly kc: { readonly initial: number; readonly mid: number; readonly end: number };
  /**
   * Kc outside the season (before its first day, after its last). Defaults to Kc ini: outside
   * the season the ground is bare or dormant and its ET is mostly soil evaporation, which is what
   * Kc ini describes (FAO-56 ch. 6, "initial stage"; ch. 7 suggests the same for off-season
   * cover). A grower with a winter cover crop sets its own value.
   */
  readonly offSeason?: number;
}

export interface CropCoefficient {
  readonly kc: number;
  readonly stage: CropStage;
  /** Day number i within the season, 1 on its first day (FAO-56 eq. 66); null outside it. */
  readonly day: number | null;
}

/** Whole days from one local date to another (both YYYY-MM-DD), by the calendar, not the clock. */
export function daysFrom(from: string, to: string): number {
  const utc = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/**
 * Kc on a local date, FAO-56 eq. 66: Kc,i = Kc,prev + [(i − ΣLprev) / Lstage] (Kc,next − Kc,prev),
 * with i the day number in the season (1 on the start date). Constant Kc ini through the initial
 * stage and Kc mid through mid-season; linear in development (ini → mid) and late season
 * (mid → end), reaching Kc mid on the last day of development and Kc end on the last day of the
 * season, as the book's day numbering does. Outside the season: `offSeason`, else Kc ini.
 */
export function cropCoefficient(curve: CropCurve, date: string): CropCoefficient {
  const { initial, development, midSeason, late } = curve.stages;
  const { kc } = curve;
  const offSeason = curve.offSeason ?? kc.initial;
  const i = daysFrom(curve.seasonStart, date) + 1;
  const endIni = initial;
  const endDev = endIni + development;
  const endMid = endDev + midSeason;
  const endLate = endMid + late;
  if (i < 1) return { kc: offSeason, stage: 'before-season', day: null };
  if (i <= endIni) return { kc: kc.initial, stage: 'initial', day: i };
  if (i <= endDev) {
    return {
      kc: kc.initial + ((i - endIni) / development) * (kc.mid - kc.initial),
      stage: 'development',
      day: i,
    };
  }
  if (i <= endMid) return { kc: kc.mid, stage: 'mid-season', day: i };
  if (i <= endLate) {
    return { kc: kc.mid + ((i - endMid) / late) * (kc.end - kc.mid), stage: 'late-season', day: i };
  }
  return { kc: offSeason, stage: 'after-season', day: null };
}

// ---------------------------------------------------------------------------------------------
// Inputs of a day

/**
 * Share of the day's ET0 below which a day's rain is all intercepted and evaporated from the
 * surface: FAO-56 ch. 8 ("Precipitation"): "daily precipitation in quantities less than about
 * 0.2 ETo is normally entirely evaporated from the soil surface and can be ignored".
 */
export const INTERCEPTED_RAIN_SHARE_OF_ET0 = 0.2;

/**
 * Effective rain (mm) of a gauge total: what enters the root zone, P − RO of FAO-56 eq. 85. Rain
 * below 0.2 · ET0 of the day counts as nothing (FAO-56 ch. 8, above); the rest counts in full.
 * Runoff is taken as 0 (FAO-56 ch. 8 allows it for flat, permeable ground); what the bucket
 * cannot hold is not lost here but leaves as deep percolation in the day's step (eq. 88), so the
 * rain counts "up to what fills the bucket" and the excess is reported, not hidden.
 */
export function effectiveRain(rain: number, et0: number): number {
  if (!(rain > 0)) return 0;
  return rain < INTERCEPTED_RAIN_SHARE_OF_ET0 * Math.max(et0, 0) ? 0 : rain;
}

/** Where an irrigation depth came from. */
export type IrrigationDepthSource = 'metered' | 'run-time' | 'none';

export interface IrrigationDepth {
  /** mm over the zone's area. */
  readonly depth: number;
  readonly source: IrrigationDepthSource;
}

/**
 * The depth a run applied (mm): metered volume over the zone's area (1 L on 1 m² is 1 mm), else
 * run time × the zone's application rate (mm/h), else nothing. A meter wins because it saw the
 * water that went out; the rate is a design figure.
 */
export function irrigationDepth(run: {
  readonly meteredLitres: number | null;
  readonly areaSquareMetres: number | null;
  readonly runSeconds: number | null;
  readonly applicationRateMmPerHour: number | null;
}): IrrigationDepth {
  const { meteredLitres, areaSquareMetres, runSeconds, applicationRateMmPerHour } = run;
  if (meteredLitres !== null && areaSquareMetres !== null && areaSquareMetres > 0) {
    return { depth: Math.max(0, meteredLitres) / areaSquareMetres, source: 'metered' };
  }
  if (runSeconds !== null && applicationRateMmPerHour !== null) {
    return {
      depth: (Math.max(0, runSeconds) / 3600) * Math.max(0, applicationRateMmPerHour),
      source: 'run-time',
    };
  }
  return { depth: 0, source: 'none' };
}

/**
 * Weight of a probe's implied depletion against the model's (0–1). 0.5: a probe sees a point and
 * the model a whole zone, so neither is trusted alone; halving the disagreement each day brings a
 * model that is persistently off to within 3 % of the probe in five days, while a single bad
 * reading moves it only half way and the next good one pulls it back.
 */
export const PROBE_WEIGHT = 0.5;

/** The depletion a probe's volumetric reading implies (mm): (θFC − θ) · 1000 · Zr, within 0…TAW. */
export function probeDepletion(soil: RootZoneSoil, moisturePercent: number): number {
  const implied = (soil.fieldCapacity - moisturePercent / 100) * 1000 * soil.rootDepth;
  return clampDepletion(implied, totalAvailableWater(soil));
}

/**
 * The probe correction: the model's depletion moved toward the probe's implied depletion by a
 * weight, Dr' = Dr + w (Dr,probe − Dr), w = PROBE_WEIGHT unless given. A reading above field
 * capacity implies 0 (the surplus drains, eq. 88); below the wilting point implies TAW. A reading
 * that is not a number (NaN, infinite) corrects nothing.
 */
export function probeCorrectedDepletion(
  soil: RootZoneSoil,
  modelDepletion: number,
  moisturePercent: number,
  weight: number = PROBE_WEIGHT,
): number {
  if (!Number.isFinite(moisturePercent)) return modelDepletion;
  const w = Math.min(Math.max(weight, 0), 1);
  return modelDepletion + w * (probeDepletion(soil, moisturePercent) - modelDepletion);
}

// ---------------------------------------------------------------------------------------------
// The daily step

/** A depth (mm) that arrived at a time: a gauge's tip total, a metered run. */
export interface TimedDepth {
  readonly at: number;
  readonly depth: number;
}

/**
 * The bucket set to a value at a time (a grower's "the soil is at field capacity now", a manual
 * correction). The balance restarts from it: the day's rain and irrigation before it are already
 * in the value and are not counted again (HAsmartirrigation issue 811).
 */
export interface BucketReset {
  readonly at: number;
  /** The depletion the bucket is set to (mm); kept within 0…TAW. */
  readonly depletion: number;
  /**
   * ET0 after the reset (mm), from hourly ET0 (FAO-56 eq. 53) where known. Absent, the day's ET0
   * counts in full: a reset is usually made at a morning run, and the night before it evaporates
   * next to nothing, so the whole day's ET is still ahead of it.
   */
  readonly et0After?: number;
}

export interface BucketDay {
  /** The day's reference evapotranspiration ET0 (mm). */
  readonly et0: number;
  /** The day's crop coefficient (cropCoefficient). */
  readonly kc: number;
  /** Gauge rain (mm) with its time; a day total may come as one entry. */
  readonly rain: readonly TimedDepth[];
  /** Irrigation applied (mm, irrigationDepth) with its time. */
  readonly irrigation: readonly TimedDepth[];
  /** Capillary rise CR (mm); 0 where the water table is deeper than about 1 m (FAO-56 ch. 8). */
  readonly capillaryRise?: number;
  readonly reset?: BucketReset | null;
  /** The zone's probe at the end of the day (volumetric %), if it has one. */
  readonly probeMoisture?: number | null;
}

export interface BucketStep {
  /** Depletion the day started from: yesterday's, or the reset's value. */
  readonly from: number;
  readonly reset: boolean;
  readonly etc: number;
  /** Gauge rain counted (after the reset only). */
  readonly rain: number;
  /** Its effective part (effectiveRain). */
  readonly effectiveRain: number;
  readonly irrigation: number;
  readonly capillaryRise: number;
  /** What the day would have pushed below 0 (mm): FAO-56 eq. 88's DP, out of the root zone. */
  readonly deepPercolation: number;
  /** The balance before any probe correction, within 0…TAW. */
  readonly modelDepletion: number;
  /** The probe's implied depletion; null without a probe reading. */
  readonly probeDepletion: number | null;
  /** The day's end depletion Dr,i (mm), within 0…TAW. */
  readonly depletion: number;
}

const sumAfter = (entries: readonly TimedDepth[], after: number | null): number =>
  entries.reduce(
    (total, entry) =>
      after === null || entry.at > after ? total + Math.max(0, entry.depth) : total,
    0,
  );

/**
 * One day of FAO-56 eq. 85: Dr,i = Dr,i−1 − (P − RO)i − Ii − CRi + ETc,i + DPi with ETc = Kc · ET0,
 * then 0 ≤ Dr,i ≤ TAW. What would go below 0 is deep percolation (eq. 88); above TAW the crop has
 * nothing left to take, so the bucket stops there (eq. 84 would reduce ETc by Ks instead; that
 * is left to a later stress model). With a reset, the day restarts from the reset's value and
 * only rain and irrigation timed after it count (an entry at the reset's instant is before it:
 * the reset is made knowing it). The probe correction comes last, on the day's end.
 */
export function bucketStep(
  soil: RootZoneSoil,
  previousDepletion: number,
  day: BucketDay,
): BucketStep {
  const taw = totalAvailableWater(soil);
  const reset = day.reset ?? null;
  const from = clampDepletion(reset ? reset.depletion : previousDepletion, taw);
  const after = reset ? reset.at : null;
  const et0 = Math.max(0, reset?.et0After ?? day.et0);
  const etc = day.kc * et0;
  const rain = sumAfter(day.rain, after);
  const pe = effectiveRain(rain, day.et0);
  const irrigation = sumAfter(day.irrigation, after);
  const capillaryRise = Math.max(0, day.capillaryRise ?? 0);
  const raw = from - pe - irrigation - capillaryRise + etc;
  const deepPercolation = raw < 0 ? -raw : 0;
  const modelDepletion = clampDepletion(raw, taw);
  const probe = day.probeMoisture ?? null;
  const probeValue = probe !== null && Number.isFinite(probe) ? probeDepletion(soil, probe) : null;
  const depletion =
    probeValue === null || probe === null
      ? modelDepletion
      : probeCorrectedDepletion(soil, modelDepletion, probe);
  return {
    from,
    reset: reset !== null,
    etc,
    rain,
    effectiveRain: pe,
    irrigation,
    capillaryRise,
    deepPercolation,
    modelDepletion,
    probeDepletion: probeValue,
    depletion,
  };
}

/** Days in order from a starting depletion: each day's step, each starting from the one before. */
export function runBucket(
  soil: RootZoneSoil,
  initialDepletion: number,
  days: readonly BucketDay[],
): BucketStep[] {
  const steps: BucketStep[] = [];
  let depletion = initialDepletion;
  for (const day of days) {
    const step = bucketStep(soil, depletion, day);
    steps.push(step);
    depletion = step.depletion;
  }
  return steps;
}
