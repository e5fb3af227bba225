import { describe, expect, it } from 'vitest';
import {
  bucketStep,
  cropCoefficient,
  daysFrom,
  effectiveRain,
  irrigationDepth,
  probeCorrectedDepletion,
  probeDepletion,
  readilyAvailableWater,
  runBucket,
  totalAvailableWater,
  type BucketDay,
  type CropCurve,
  type RootZoneSoil,
} from './bucket.ts';

/** A loam: θFC 0.30, θWP 0.15, roots 0.6 m, p 0.5 → TAW 90 mm, RAW 45 mm. */
const LOAM: RootZoneSoil = {
  fieldCapacity: 0.3,
  wiltingPoint: 0.15,
  rootDepth: 0.6,
  depletionFraction: 0.5,
};

const at = (time: string) => Date.parse(`2025-01-15T${time}:00+13:00`);
const dry = (et0: number, kc = 1): BucketDay => ({ et0, kc, rain: [], irrigation: [] });

describe('TAW and RAW (FAO-56 eq. 82, 83)', () => {
  it.each([
    { fc: 0.3, wp: 0.15, zr: 0.6, p: 0.5, taw: 90, raw: 45 },
    { fc: 0.12, wp: 0.06, zr: 0.5, p: 0.4, taw: 30, raw: 12 },
    { fc: 0.4, wp: 0.25, zr: 1, p: 0.6, taw: 150, raw: 90 },
    // A wilting point above field capacity is a data error: an empty bucket, never a negative one.
    { fc: 0.1, wp: 0.2, zr: 1, p: 0.5, taw: 0, raw: 0 },
  ])(
    'θFC $fc, θWP $wp, Zr $zr m, p $p → TAW $taw mm, RAW $raw mm',
    ({ fc, wp, zr, p, taw, raw }) => {
      const soil = { fieldCapacity: fc, wiltingPoint: wp, rootDepth: zr, depletionFraction: p };
      expect(totalAvailableWater(soil)).toBeCloseTo(taw, 10);
      expect(readilyAvailableWater(soil)).toBeCloseTo(raw, 10);
    },
  );
});

describe('cropCoefficient (FAO-56 eq. 66) at every stage boundary', () => {
  // Lini 30, Ldev 40, Lmid 50, Llate 30 from 1 September; Kc 0.6 / 1.15 / 0.8.
  const curve: CropCurve = {
    seasonStart: '2024-09-01',
    stages: { initial: 30, development: 40, midSeason: 50, late: 30 },
    kc: { initial: 0.6, mid: 1.15, end: 0.8 },
  };
  it.each([
    { date: '2024-08-31', day: null, stage: 'before-season', kc: 0.6 },
    { date: '2024-09-01', day: 1, stage: 'initial', kc: 0.6 },
    { date: '2024-09-30', day: 30, stage: 'initial', kc: 0.6 },
    { date: '2024-10-01', day: 31, stage: 'development', kc: 0.6 + (1 / 40) * 0.55 },
    { date: '2024-10-20', day: 50, stage: 'development', kc: 0.875 },
    { date: '2024-11-09', day: 70, stage: 'development', kc: 1.15 },
    { date: '2024-11-10', day: 71, stage: 'mid-season', kc: 1.15 },
    { date: '2024-12-29', day: 120, stage: 'mid-season', kc: 1.15 },
    { date: '2024-12-30', day: 121, stage: 'late-season', kc: 1.15 - 0.35 / 30 },
    { date: '2025-01-13', day: 135, stage: 'late-season', kc: 0.975 },
    { date: '2025-01-28', day: 150, stage: 'late-season', kc: 0.8 },
    { date: '2025-01-29', day: null, stage: 'after-season', kc: 0.6 },
  ])('$date: day $day, $stage, Kc $kc', ({ date, day, stage, kc }) => {
    const result = cropCoefficient(curve, date);
    expect(result.day).toBe(day);
    expect(result.stage).toBe(stage);
    expect(result.kc).toBeCloseTo(kc, 10);
  });

  it('uses the off-season Kc outside the season when one is set', () => {
    const cover = { ...curve, offSeason: 0.3 };
    expect(cropCoefficient(cover, '2024-06-01')).toEqual({
      kc: 0.3,
      stage: 'before-season',
      day: null,
    });
    expect(cropCoefficient(cover, '2025-03-01')).toEqual({
      kc: 0.3,
      stage: 'after-season',
      day: null,
    });
  });

  it('counts calendar days across a daylight-saving change', () => {
    // New Zealand goes to daylight time on 29 September 2024; still one day per date.
    expect(daysFrom('2024-09-28', '2024-09-30')).toBe(2);
    expect(daysFrom('2024-03-31', '2024-04-01')).toBe(1);
  });
});

describe('effectiveRain (FAO-56 ch. 8: below 0.2 ET0 is intercepted)', () => {
  it.each([
    { rain: 0, et0: 5, effective: 0 },
    { rain: 0.9, et0: 5, effective: 0 },
    { rain: 1, et0: 5, effective: 1 },
    { rain: 12.4, et0: 5, effective: 12.4 },
    { rain: 0.5, et0: 0, effective: 0.5 },
    { rain: -1, et0: 5, effective: 0 },
  ])('$rain mm on an ET0 of $et0 mm → $effective mm', ({ rain, et0, effective }) => {
    expect(effectiveRain(rain, et0)).toBe(effective);
  });
});

describe('irrigationDepth: metered volume over the area, else run time × application rate', () => {
  it.each([
    {
      meteredLitres: 4000,
      areaSquareMetres: 1000,
      runSeconds: 3600,
      rate: 10,
      depth: 4,
      source: 'metered',
    },
    {
      meteredLitres: null,
      areaSquareMetres: 1000,
      runSeconds: 1800,
      rate: 8,
      depth: 4,
      source: 'run-time',
    },
    {
      meteredLitres: 4000,
      areaSquareMetres: null,
      runSeconds: 1800,
      rate: 8,
      depth: 4,
      source: 'run-time',
    },
    {
      meteredLitres: null,
      areaSquareMetres: 1000,
      runSeconds: null,
      rate: 8,
      depth: 0,
      source: 'none',
    },
  ])(
    '$meteredLitres L, $areaSquareMetres m², $runSeconds s at $rate mm/h → $depth mm ($source)',
    (row) => {
      expect(
        irrigationDepth({
          meteredLitres: row.meteredLitres,
          areaSquareMetres: row.areaSquareMetres,
          runSeconds: row.runSeconds,
          applicationRateMmPerHour: row.rate,
        }),
      ).toEqual({ depth: row.depth, source: row.source });
    },
  );
});

describe('the probe correction', () => {
  it.each([
    // θ 0.25 on a loam of θFC 0.30, 0.6 m → (0.30 − 0.25)·1000·0.6 = 30 mm.
    { moisture: 25, model: 10, implied: 30, corrected: 20 },
    { moisture: 30, model: 10, implied: 0, corrected: 5 },
    // Above field capacity implies 0 (the surplus drains); below the wilting point, TAW.
    { moisture: 40, model: 10, implied: 0, corrected: 5 },
    { moisture: 5, model: 60, implied: 90, corrected: 75 },
  ])('$moisture % against a model of $model mm → implied $implied, corrected $corrected', (row) => {
    expect(probeDepletion(LOAM, row.moisture)).toBeCloseTo(row.implied, 10);
    expect(probeCorrectedDepletion(LOAM, row.model, row.moisture)).toBeCloseTo(row.corrected, 10);
  });

  it('takes a weight, and ignores a reading that is not a number', () => {
    expect(probeCorrectedDepletion(LOAM, 10, 25, 1)).toBeCloseTo(30, 10);
    expect(probeCorrectedDepletion(LOAM, 10, 25, 0)).toBe(10);
    expect(probeCorrectedDepletion(LOAM, 10, Number.NaN)).toBe(10);
  });

  it('applies at the end of the day in bucketStep', () => {
    const step = bucketStep(LOAM, 10, { ...dry(4), probeMoisture: 25 });
    expect(step.modelDepletion).toBe(14);
    expect(step.probeDepletion).toBeCloseTo(30, 10);
    expect(step.depletion).toBeCloseTo(22, 10);
  });
});

describe('bucketStep (FAO-56 eq. 85, 88)', () => {
  // HAsmartirrigation issue 811 in depletion terms: their "deficit −12" is Dr = 12 mm, their
  // "−4" is Dr = 4 mm, and their wrong "+4" is a 4 mm surplus, which a bounded bucket shows as
  // Dr = 0 with 4 mm of deep percolation. Rain 8 mm at 01:00, 4 mm metered at 05:00, ET 4 mm.
  const issue811: BucketDay = {
    et0: 4,
    kc: 1,
    rain: [{ at: at('01:00'), depth: 8 }],
    irrigation: [{ at: at('05:00'), depth: 4 }],
  };

  it('issue 811 (deficit −12 → −4), no reset: Dr 12 − 8 rain − 4 irrigation + 4 ETc = 4 mm', () => {
    const step = bucketStep(LOAM, 12, issue811);
    expect(step.depletion).toBe(4);
    expect(step.deepPercolation).toBe(0);
  });

  it('issue 811 (deficit −12 → −4, not +4), reset to 0 after the run: the night’s rain is counted once, Dr ends at 4 mm, not 0 with 4 mm over', () => {
    const step = bucketStep(LOAM, 12, { ...issue811, reset: { at: at('05:30'), depletion: 0 } });
    expect(step.from).toBe(0);
    expect(step.reset).toBe(true);
    expect(step.rain).toBe(0);
    expect(step.irrigation).toBe(0);
    expect(step.depletion).toBe(4);
    expect(step.deepPercolation).toBe(0);
  });

  it('counts rain and irrigation after a reset, and an entry at the reset’s instant as before it', () => {
    const step = bucketStep(LOAM, 50, {
      et0: 5,
      kc: 1,
      rain: [
        { at: at('05:30'), depth: 3 },
        { at: at('14:00'), depth: 6 },
      ],
      irrigation: [{ at: at('18:00'), depth: 2 }],
      reset: { at: at('05:30'), depletion: 20, et0After: 4 },
    });
    expect(step.rain).toBe(6);
    expect(step.etc).toBe(4);
    expect(step.depletion).toBe(20 - 6 - 2 + 4);
  });

  it.each([
    // Never below 0: the surplus is deep percolation (eq. 88).
    { from: 10, et0: 4, rain: 30, irrigation: 0, depletion: 0, dp: 16 },
    { from: 0, et0: 0, rain: 0, irrigation: 25, depletion: 0, dp: 25 },
    { from: 5, et0: 5, rain: 0, irrigation: 10, depletion: 0, dp: 0 },
    // Never above TAW (90 mm).
    { from: 88, et0: 6, rain: 0, irrigation: 0, depletion: 90, dp: 0 },
    { from: 90, et0: 6, rain: 0, irrigation: 0, depletion: 90, dp: 0 },
    { from: 200, et0: 0, rain: 0, irrigation: 0, depletion: 90, dp: 0 },
    // Small rain under 0.2 ET0 is intercepted.
    { from: 20, et0: 6, rain: 1, irrigation: 0, depletion: 26, dp: 0 },
  ])(
    'from $from mm, ET0 $et0, rain $rain, irrigation $irrigation → Dr $depletion, DP $dp',
    (row) => {
      const step = bucketStep(LOAM, row.from, {
        et0: row.et0,
        kc: 1,
        rain: row.rain ? [{ at: at('12:00'), depth: row.rain }] : [],
        irrigation: row.irrigation ? [{ at: at('06:00'), depth: row.irrigation }] : [],
      });
      expect(step.depletion).toBeCloseTo(row.depletion, 10);
      expect(step.deepPercolation).toBeCloseTo(row.dp, 10);
    },
  );

  it('takes capillary rise off the depletion', () => {
    expect(bucketStep(LOAM, 20, { ...dry(5), capillaryRise: 2 }).depletion).toBe(23);
  });

  it('clamps a reset value into the bucket', () => {
    expect(
      bucketStep(LOAM, 10, { ...dry(0), reset: { at: at('06:00'), depletion: -5 } }).from,
    ).toBe(0);
    expect(
      bucketStep(LOAM, 10, { ...dry(0), reset: { at: at('06:00'), depletion: 500 } }).from,
    ).toBe(90);
  });
});

describe('runBucket over several days', () => {
  it('carries each day into the next', () => {
    const curve: CropCurve = {
      seasonStart: '2025-01-01',
      stages: { initial: 2, development: 2, midSeason: 10, late: 10 },
      kc: { initial: 0.5, mid: 1, end: 0.8 },
    };
    const input = [
      { date: '2025-01-01', et0: 4, rain: 0, irrigation: 0 },
      { date: '2025-01-02', et0: 5, rain: 0, irrigation: 0 },
      { date: '2025-01-03', et0: 6, rain: 0, irrigation: 0 },
      { date: '2025-01-04', et0: 6, rain: 0, irrigation: 0 },
      { date: '2025-01-05', et0: 2, rain: 12, irrigation: 0 },
      { date: '2025-01-06', et0: 5, rain: 0, irrigation: 0 },
      { date: '2025-01-07', et0: 6, rain: 0, irrigation: 20 },
    ];
    const days: BucketDay[] = input.map((d) => ({
      et0: d.et0,
      kc: cropCoefficient(curve, d.date).kc,
      rain: d.rain ? [{ at: 0, depth: d.rain }] : [],
      irrigation: d.irrigation ? [{ at: 0, depth: d.irrigation }] : [],
    }));
    const steps = runBucket(LOAM, 6, days);
    // Kc: 0.5, 0.5, 0.75, 1, 1, 1, 1.
    expect(steps.map((s) => s.etc)).toEqual([2, 2.5, 4.5, 6, 2, 5, 6]);
    // 6 → 8 → 10.5 → 15 → 21 → 21 − 12 + 2 = 11 → 16 → 16 − 20 + 6 = 2.
    expect(steps.map((s) => s.depletion)).toEqual([8, 10.5, 15, 21, 11, 16, 2]);
    expect(steps.every((s) => s.deepPercolation === 0)).toBe(true);
  });

  it('stays within 0…TAW over a wet spell and a drought', () => {
    const wet = Array.from({ length: 5 }, () => ({ ...dry(3), rain: [{ at: 0, depth: 40 }] }));
    const drought = Array.from({ length: 30 }, () => dry(7, 1.1));
    const steps = runBucket(LOAM, 30, [...wet, ...drought]);
    expect(steps[0]?.depletion).toBe(0);
    expect(steps[0]?.deepPercolation).toBe(7);
    expect(steps.slice(0, 5).every((s) => s.depletion === 0)).toBe(true);
    expect(steps.at(-1)?.depletion).toBe(90);
    expect(steps.every((s) => s.depletion >= 0 && s.depletion <= 90)).toBe(true);
  });
});
