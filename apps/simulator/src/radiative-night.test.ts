import { classifyInversion, fitCoefficients, isRadiativeNight } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { SIMULATED_FFST, airAtT2, nightTemperatures, type NightInput } from './radiative-night.ts';
import { gaussian, seededRandom } from './random.ts';

const clear: NightInput = {
  sunsetAir: 12,
  dewPoint: 1,
  hours: 11,
  stillness: 1,
  physics: SIMULATED_FFST,
};
const at = (input: NightInput, hour: number) => nightTemperatures(input, hour);

describe('a radiative night', () => {
  it('cools fast after sunset, then slower to the FFST minimum at sunrise', () => {
    const t2 = at(clear, 2).air;
    expect(t2).toBeCloseTo(airAtT2(clear));
    // FFST: Tmin = a·T₂ + b·Td₂ + c.
    const tmin = SIMULATED_FFST.a * t2 + SIMULATED_FFST.b * 1 + SIMULATED_FFST.c;
    expect(at(clear, 11).air).toBeCloseTo(tmin);
    // The FAO curve between: Tᵢ = T₂ + (Tmin − T₂)·√((i − 2)/(n − 2)).
    expect(at(clear, 5).air).toBeCloseTo(t2 + (tmin - t2) * Math.sqrt(3 / 9));
    const firstHour = at(clear, 0).air - at(clear, 1).air;
    const lastHour = at(clear, 10).air - at(clear, 11).air;
    expect(firstHour).toBeGreaterThan(2 * lastHour);
    // The coldest of the night is at sunrise; the morning warms.
    const hourly = Array.from({ length: 12 }, (_, hour) => at(clear, hour).air);
    expect(Math.min(...hourly)).toBeCloseTo(tmin);
    expect(at(clear, 14).air).toBeGreaterThan(tmin + 5);
  });

  it('counts as radiative by the forecast rule, with a strong inversion by dawn', () => {
    expect(
      isRadiativeNight({
        meanWindKmh: 3,
        sunsetTemperature: clear.sunsetAir,
        t2: at(clear, 2).air,
      }),
    ).toBe(true);
    const dawn = at(clear, 10.9);
    expect(classifyInversion(dawn.tower - dawn.canopy)).toBe('strong');
    expect(dawn.canopy).toBeLessThan(dawn.air);
    // Dew point follows the air down once the air reaches it.
    expect(dawn.dewPoint).toBeLessThanOrEqual(dawn.air);
  });

  it('cools little and builds no inversion worth a fan when wind or cloud stirs it', () => {
    const stirred = { ...clear, stillness: 0.15 };
    expect(
      isRadiativeNight({
        meanWindKmh: null,
        sunsetTemperature: stirred.sunsetAir,
        t2: at(stirred, 2).air,
      }),
    ).toBe(false);
    const dawn = at(stirred, 10.9);
    expect(classifyInversion(dawn.tower - dawn.canopy)).toBe('none');
    expect(dawn.air).toBeGreaterThan(at(clear, 10.9).air + 3);
  });

  it('gives nights a least-squares fit recovers the coefficients of', () => {
    const random = seededRandom(11);
    const nights = Array.from({ length: 40 }, () => {
      const input: NightInput = {
        ...clear,
        sunsetAir: 6 + 10 * random(),
        dewPoint: -5 + 9 * random(),
        hours: 10.5 + random(),
        minimumOffset: 0.3 * gaussian(random),
      };
      return {
        t2: at(input, 2).air,
        td2: at(input, 2).dewPoint,
        observedMin: Math.min(...Array.from({ length: 70 }, (_, i) => at(input, i / 6).air)),
      };
    });
    const fit = fitCoefficients(nights);
    expect(fit?.a).toBeCloseTo(SIMULATED_FFST.a, 1);
    expect(fit?.b).toBeCloseTo(SIMULATED_FFST.b, 1);
    expect(fit?.c).toBeCloseTo(SIMULATED_FFST.c, 0);
    expect(fit?.meanAbsoluteError).toBeLessThan(0.4);
  });
});
