import { describe, expect, it } from 'vitest';
import { zonedDateTime } from '../constants/timezone.ts';
import {
  FFST_DEFAULT,
  fitCoefficients,
  forecastMinimum,
  forecastSeason,
  forecastTime,
  forecastWarningText,
  forecastWarningThreshold,
  forecastWarns,
  isRadiativeNight,
  nightCurve,
  nightSun,
  timeReaching,
  type FitNight,
} from './forecast.ts';
import { frostForecastSchema, frostForecastNightSchema } from './forecast-schemas.ts';
import { frostRulesSchema, FROST_RULE_PRESETS } from './rules.ts';

const HOUR = 3_600_000;

describe('the FFST minimum', () => {
  it.each([
    // FAO 2005 ch. 6 worked example: a 0.5028, b 0.0265, c −5.822; T₂ 10, Td₂ 2 → −0.741 °C.
    ['the FAO worked example', 10, 2, FFST_DEFAULT, -0.741],
    ['a colder, drier evening on the default', 4, -3, FFST_DEFAULT, -3.8903],
    ['site coefficients', 6, 1, { a: 0.8, b: 0.2, c: -4 }, 1],
  ])('%s: T₂ %s, Td₂ %s', (_, t2, td2, coefficients, expected) => {
    expect(forecastMinimum(t2, td2, coefficients)).toBeCloseTo(expected, 3);
  });

  it('uses the FAO default when given no coefficients', () => {
    expect(forecastMinimum(10, 2)).toBeCloseTo(-0.741, 3);
  });
});

describe('the night curve', () => {
  // The research's worked series: Tmin −5.45, T₂ 0.95, n 15 hours from sunset to sunrise.
  const sunset = new Date('2026-07-01T05:00:00Z');
  const sun = { sunset, sunrise: new Date(sunset.getTime() + 15 * HOUR) };
  const curve = nightCurve(sun, 0.95, -5.45);

  it.each([
    [2, 0.95],
    [3, -0.825],
    [4, -1.56],
    [6, -2.6],
    [10, -4.071],
    [14, -5.199],
    [15, -5.45],
  ])('hour %s after sunset: %s °C', (hour, expected) => {
    const point = curve.find((p) => p.at.getTime() === sunset.getTime() + hour * HOUR);
    expect(point?.temperature).toBeCloseTo(expected, 3);
  });

  it('has a point each hour from T₂ time to sunrise', () => {
    expect(curve).toHaveLength(14);
    expect(curve[0]?.at).toEqual(forecastTime(sunset));
    expect(curve.at(-1)?.at).toEqual(sun.sunrise);
  });

  it('ends at sunrise when the night is not a whole number of hours', () => {
    const sunrise = new Date(sunset.getTime() + 12.5 * HOUR);
    const points = nightCurve({ sunset, sunrise }, 5, -1);
    expect(points.map((p) => (p.at.getTime() - sunset.getTime()) / HOUR)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12.5,
    ]);
    expect(points.at(-1)?.temperature).toBe(-1);
  });

  it('is the T₂ point alone on a night of two hours or less', () => {
    const sunrise = new Date(sunset.getTime() + 2 * HOUR);
    expect(nightCurve({ sunset, sunrise }, 3, 1)).toEqual([
      { at: forecastTime(sunset), temperature: 3 },
    ]);
  });
});

describe('when the curve reaches a temperature', () => {
  const sunset = new Date('2026-07-01T05:00:00Z');
  const curve = nightCurve(
    { sunset, sunrise: new Date(sunset.getTime() + 15 * HOUR) },
    0.95,
    -5.45,
  );

  it.each([
    ['above T₂: at T₂ time', 2, 2],
    ['exactly a point', -0.825, 3],
    ['between points, read linearly', -2, 4 + (-1.56 - -2) / (-1.56 - -2.124)],
    ['Tmin itself: at sunrise', -5.45, 15],
  ])('%s', (_, temperature, hours) => {
    const at = timeReaching(curve, temperature) ?? new Date(NaN);
    expect((at.getTime() - sunset.getTime()) / HOUR).toBeCloseTo(hours, 2);
  });

  it('is null when the night stays above it, or with no curve', () => {
    expect(timeReaching(curve, -6)).toBeNull();
    expect(timeReaching([], 0)).toBeNull();
  });
});

describe('the least-squares fit', () => {
  /** Nights spread over the season, their minimum made by `coefficients` plus `noise(i)`. */
  const synthetic = (
    coefficients: { a: number; b: number; c: number },
    count: number,
    noise: (i: number) => number = () => 0,
  ): FitNight[] =>
    Array.from({ length: count }, (_, i) => {
      const t2 = 2 + ((i * 7) % 11);
      const td2 = -4 + ((i * 5) % 9);
      return { t2, td2, observedMin: forecastMinimum(t2, td2, coefficients) + noise(i) };
    });

  it.each([
    ['the FAO coefficients', FFST_DEFAULT],
    ['a frost hollow', { a: 0.9, b: 0.15, c: -7.5 }],
    ['a coastal block', { a: 0.35, b: 0.4, c: -1.2 }],
  ])('recovers %s from exact nights', (_, coefficients) => {
    const fit = fitCoefficients(synthetic(coefficients, 12));
    expect(fit).not.toBeNull();
    expect(fit?.a).toBeCloseTo(coefficients.a, 6);
    expect(fit?.b).toBeCloseTo(coefficients.b, 6);
    expect(fit?.c).toBeCloseTo(coefficients.c, 6);
    expect(fit?.nights).toBe(12);
    expect(fit?.meanAbsoluteError).toBeCloseTo(0, 6);
  });

  it('stays near them through noise, and reports the residual', () => {
    const noise = (i: number) => (i % 2 === 0 ? 0.3 : -0.3);
    const fit = fitCoefficients(synthetic({ a: 0.6, b: 0.1, c: -5 }, 30, noise));
    expect(fit?.a).toBeCloseTo(0.6, 1);
    expect(fit?.b).toBeCloseTo(0.1, 1);
    expect(fit?.c).toBeCloseTo(-5, 0);
    expect(fit?.meanAbsoluteError).toBeGreaterThan(0.2);
    expect(fit?.meanAbsoluteError).toBeLessThan(0.35);
  });

  it.each([
    ['no nights', []],
    ['two nights', synthetic(FFST_DEFAULT, 2)],
    [
      'the same evening every night',
      Array.from({ length: 10 }, () => ({ t2: 5, td2: 0, observedMin: -1 })),
    ],
    [
      'a dew point always 6 °C under the air',
      Array.from({ length: 10 }, (_, i) => ({ t2: i, td2: i - 6, observedMin: i / 2 - 4 })),
    ],
  ])('is null with %s', (_, nights) => {
    expect(fitCoefficients(nights)).toBeNull();
  });
});

describe('the radiative-night rule', () => {
  it.each([
    ['clear and calm: 4 °C lost, wind 2 km/h', 2, 9, 5, true],
    ['calm, cooling exactly 1 °C/h', 5.9, 7, 5, true],
    ['windy: 6 km/h mixes the air', 6, 9, 5, false],
    ['calm but overcast: 1 °C lost in two hours', 1, 6, 5, false],
    ['warming after sunset (a front)', 1, 5, 6, false],
    ['no wind sensor, cooling fast', null, 10, 5, true],
    ['no wind sensor, barely cooling', null, 5.5, 5, false],
  ])('%s', (_, meanWindKmh, sunsetTemperature, t2, expected) => {
    expect(isRadiativeNight({ meanWindKmh, sunsetTemperature, t2 })).toBe(expected);
  });
});

describe('sunset and sunrise', () => {
  const local = (date: Date, zone: string) => {
    const wall = zonedDateTime(date, zone);
    return `${wall.day} ${wall.hour}:${String(wall.minute).padStart(2, '0')}`;
  };

  it.each([
    // Te Puke at midwinter (NZST): sunset near 17:03, sunrise near 07:30 the next morning.
    [
      'Te Puke, midwinter',
      '2026-06-21',
      -37.78,
      176.33,
      'Pacific/Auckland',
      /^21 17:0\d$/,
      /^22 7:[23]\d$/,
    ],
    // Blenheim the night daylight saving starts (NZDT from 02:00): both in the new offset.
    [
      'Blenheim, first night of NZDT',
      '2026-09-27',
      -41.5,
      173.9,
      'Pacific/Auckland',
      /^27 19:2\d$/,
      /^28 7:0\d$/,
    ],
    // The Yakima valley in spring (PDT).
    [
      'Yakima, April',
      '2026-04-15',
      46.6,
      -120.5,
      'America/Los_Angeles',
      /^15 19:[45]\d$/,
      /^16 6:1\d$/,
    ],
  ])('%s', (_, night, lat, lng, zone, sunset, sunrise) => {
    const sun = nightSun(night, { lat, lng }, zone);
    if (!sun) throw new Error(`no sunset at ${lat}, ${lng}`);
    expect(local(sun.sunset, zone)).toMatch(sunset);
    expect(local(sun.sunrise, zone)).toMatch(sunrise);
    expect(forecastTime(sun.sunset).getTime() - sun.sunset.getTime()).toBe(2 * HOUR);
  });

  it('is null where the sun does not set', () => {
    expect(nightSun('2026-06-21', { lat: 78.2, lng: 15.6 }, 'Arctic/Longyearbyen')).toBeNull();
  });
});

describe('the early warning threshold', () => {
  const rules = FROST_RULE_PRESETS.westernBayOfPlenty;

  it.each([
    ['the start temperature plus 1 °C by default', {}, 3],
    ['a critical temperature of its own', { criticalTemperature: -1.5 }, -0.5],
    ['a margin of its own', { forecastMargin: 0.5 }, 2.5],
    ['both', { criticalTemperature: 0, forecastMargin: 2 }, 2],
  ])('is %s', (_, settings, expected) => {
    const withSettings = frostRulesSchema.parse({ ...rules, ...settings });
    expect(forecastWarningThreshold(withSettings)).toBe(expected);
  });

  it('warns at or below the threshold only', () => {
    expect(forecastWarns(3, 3)).toBe(true);
    expect(forecastWarns(-2, 3)).toBe(true);
    expect(forecastWarns(3.01, 3)).toBe(false);
  });

  it('refuses a negative margin, naming it', () => {
    const result = frostRulesSchema.safeParse({ ...rules, forecastMargin: -1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['forecastMargin']);
  });
});

describe('what the warning says', () => {
  const facts = {
    tmin: -1.234,
    sunrise: new Date('2026-09-20T18:04:00Z'),
    startTemperature: 2,
    startExpectedAt: new Date('2026-09-20T12:40:00Z'),
    inversion: { value: 2.4, class: 'weak' },
    timeZone: 'Pacific/Auckland',
  };

  it('gives the minimum, the start time and the inversion in site time', () => {
    expect(forecastWarningText(facts)).toBe(
      'Forecast minimum -1.2 °C by sunrise 06:04; start temperature 2.0 °C expected at 00:40; ' +
        'inversion now 2.4 °C (weak, tower minus canopy)',
    );
  });

  it('says so when the start temperature is not reached or the inversion unknown', () => {
    expect(forecastWarningText({ ...facts, startExpectedAt: null, inversion: null })).toBe(
      'Forecast minimum -1.2 °C by sunrise 06:04; start temperature 2.0 °C not expected; ' +
        'inversion now unknown (no tower and canopy readings)',
    );
  });
});

describe('the season against what happened', () => {
  it('counts only nights with both, with the mean absolute error and the bias', () => {
    expect(
      forecastSeason([
        { forecastMin: -1, observedMin: -2 },
        { forecastMin: 0, observedMin: 1 },
        { forecastMin: -3, observedMin: -5 },
        { forecastMin: null, observedMin: -4 },
        { forecastMin: 2, observedMin: null },
      ]),
    ).toEqual({ count: 3, meanAbsoluteError: 4 / 3, bias: 2 / 3 });
  });

  it('has no error with no such night', () => {
    expect(forecastSeason([])).toEqual({ count: 0, meanAbsoluteError: null, bias: null });
  });
});

describe('the answers', () => {
  it('takes tonight before T₂ time with its nulls, and a past night', () => {
    const before = {
      area: 4,
      tonight: {
        night: '2026-07-01',
        sunset: '2026-07-01T05:04:00.000Z',
        sunrise: '2026-07-01T19:31:00.000Z',
        evaluatedAt: null,
        t2: null,
        td2: null,
        ...FFST_DEFAULT,
        fit: { nights: 0, meanAbsoluteError: null, source: 'default' },
        tmin: null,
        startTemperature: 2,
        startExpectedAt: null,
        curve: [],
        warning: { threshold: 3, sent: false, sentAt: null },
      },
    };
    expect(frostForecastSchema.parse(before)).toEqual(before);
    const night = {
      night: '2026-06-30',
      forecastMin: -1.2,
      observedMin: -1.9,
      error: 0.7,
      radiative: true,
    };
    expect(frostForecastNightSchema.parse(night)).toEqual(night);
    expect(frostForecastNightSchema.safeParse({ ...night, night: '2026-13-01' }).success).toBe(
      false,
    );
  });
});
