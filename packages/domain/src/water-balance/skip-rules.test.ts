import { describe, expect, it } from 'vitest';
import {
  deficitModeSettingsSchema,
  programSkipRulesSchema,
  zoneDepthLimitsSchema,
  type ProgramSkipRules,
} from './schemas.ts';
import {
  decideSkip,
  describeSkipDecision,
  formatSkipNumber,
  type SkipInputs,
  type SkipReading,
} from './skip-rules.ts';

const ZONE = 'Pacific/Auckland';
const NOW = Date.parse('2025-01-15T06:00:00+13:00');
const MINUTE = 60_000;

const reading = (value: number, label = 'Te Awa station', at = NOW - 5 * MINUTE): SkipReading => ({
  value,
  sensorId: 7,
  label,
  at,
});
const NONE: SkipInputs = { rain24h: null, wind: null, temperature: null, soilMoisture: null };
const rules = (input: Parameters<typeof programSkipRulesSchema.parse>[0]): ProgramSkipRules =>
  programSkipRulesSchema.parse(input);

describe('each skip rule at its boundary', () => {
  it.each([
    // Rain: "≥ X mm" skips at X itself.
    { rule: 'rain', threshold: 10, value: 9.9, action: 'run' },
    { rule: 'rain', threshold: 10, value: 10, action: 'skip' },
    { rule: 'rain', threshold: 10, value: 12.4, action: 'skip' },
    // Wind: "above X km/h" still waters at X.
    { rule: 'wind', threshold: 25, value: 25, action: 'run' },
    { rule: 'wind', threshold: 25, value: 25.1, action: 'skip' },
    // Temperature: "below X °C" still waters at X.
    { rule: 'temperature', threshold: 2, value: 2, action: 'run' },
    { rule: 'temperature', threshold: 2, value: 1.9, action: 'skip' },
    { rule: 'temperature', threshold: 0, value: -0.1, action: 'skip' },
    // Soil moisture: "above X %" still waters at X.
    { rule: 'soilMoisture', threshold: 30, value: 30, action: 'run' },
    { rule: 'soilMoisture', threshold: 30, value: 30.1, action: 'skip' },
  ] as const)('$rule $value against $threshold → $action', ({ rule, threshold, value, action }) => {
    const settings = {
      rain: { rain: { atLeastMm: threshold } },
      wind: { wind: { aboveKph: threshold } },
      temperature: { temperature: { belowCelsius: threshold } },
      soilMoisture: { soilMoisture: { abovePercent: threshold } },
    }[rule];
    const input = {
      rain: 'rain24h',
      wind: 'wind',
      temperature: 'temperature',
      soilMoisture: 'soilMoisture',
    }[rule] as keyof SkipInputs;
    const decision = decideSkip(rules(settings), { ...NONE, [input]: reading(value) }, NOW, ZONE);
    expect(decision.action).toBe(action);
    expect(decision.decidedBy).toBe(
      action === 'skip' ? (rule === 'soilMoisture' ? 'soil-moisture' : rule) : null,
    );
  });

  it.each([
    { month: '2025-01-15T06:00:00+13:00', percent: 100, action: 'run', factor: 1 },
    { month: '2025-07-15T06:00:00+12:00', percent: 70, action: 'scale', factor: 0.7 },
    { month: '2025-06-15T06:00:00+12:00', percent: 0, action: 'skip', factor: 0 },
    { month: '2025-12-15T06:00:00+13:00', percent: 150, action: 'scale', factor: 1.5 },
    // 31 January 23:30 UTC is 1 February in Auckland: the month is the site's.
    { month: '2025-01-31T23:30:00Z', percent: 80, action: 'scale', factor: 0.8 },
  ])('seasonal at $month: $percent % → $action × $factor', ({ month, percent, action, factor }) => {
    const byMonth = [100, 80, 100, 100, 100, 0, 70, 100, 100, 100, 100, 150];
    const decision = decideSkip(
      rules({ seasonal: { percentByMonth: byMonth } }),
      NONE,
      Date.parse(month),
      ZONE,
    );
    expect(decision.action).toBe(action);
    expect(decision.factor).toBe(factor);
    expect(decision.checks.find((c) => c.rule === 'seasonal')).toMatchObject({ percent });
  });
});

describe('missing and stale readings never skip', () => {
  it('says which rule had no reading', () => {
    const decision = decideSkip(
      rules({ rain: {}, wind: {} }),
      { ...NONE, rain24h: reading(2) },
      NOW,
      ZONE,
    );
    expect(decision.action).toBe('run');
    expect(decision.checks).toEqual([
      { rule: 'rain', outcome: 'passed', threshold: 10, reading: reading(2) },
      { rule: 'wind', outcome: 'no-reading', threshold: 25 },
      { rule: 'temperature', outcome: 'off' },
      { rule: 'soil-moisture', outcome: 'off' },
      { rule: 'seasonal', outcome: 'off' },
    ]);
    expect(describeSkipDecision(decision, ZONE)).toBe(
      'Run 06:00 — no rule skipped; no wind reading',
    );
  });

  it.each([
    { ageMinutes: 60, outcome: 'skip' },
    { ageMinutes: 61, outcome: 'stale-reading' },
  ])('a reading $ageMinutes min old → $outcome', ({ ageMinutes, outcome }) => {
    const old = reading(40, 'Te Awa station', NOW - ageMinutes * MINUTE);
    const decision = decideSkip(rules({ wind: {} }), { ...NONE, wind: old }, NOW, ZONE);
    expect(decision.checks[1]?.outcome).toBe(outcome);
    expect(decision.action).toBe(outcome === 'skip' ? 'skip' : 'run');
  });

  it('treats a value that is not a number as no reading', () => {
    const decision = decideSkip(
      rules({ rain: {} }),
      { ...NONE, rain24h: reading(Number.NaN) },
      NOW,
      ZONE,
    );
    expect(decision.checks[0]).toEqual({ rule: 'rain', outcome: 'no-reading', threshold: 10 });
  });
});

describe('decideSkip', () => {
  const all = rules({ rain: {}, wind: {}, temperature: {}, soilMoisture: {}, seasonal: {} });

  it('checks every rule; the first that skips, in order, decides', () => {
    const inputs: SkipInputs = {
      rain24h: reading(12.4),
      wind: reading(40),
      temperature: reading(10),
      soilMoisture: reading(20, 'Probe 3'),
    };
    const decision = decideSkip(all, inputs, NOW, ZONE);
    expect(decision.action).toBe('skip');
    expect(decision.decidedBy).toBe('rain');
    expect(decision.checks.map((c) => [c.rule, c.outcome])).toEqual([
      ['rain', 'skip'],
      ['wind', 'skip'],
      ['temperature', 'passed'],
      ['soil-moisture', 'passed'],
      ['seasonal', 'passed'],
    ]);
    expect(decision.inputs).toBe(inputs);
    expect(decision.at).toBe(NOW);
  });

  it('a skip wins over a seasonal scale', () => {
    const scaled = rules({
      wind: {},
      seasonal: { percentByMonth: Array.from({ length: 12 }, () => 50) },
    });
    expect(decideSkip(scaled, { ...NONE, wind: reading(30) }, NOW, ZONE)).toMatchObject({
      action: 'skip',
      decidedBy: 'wind',
      factor: 0,
    });
    expect(decideSkip(scaled, { ...NONE, wind: reading(10) }, NOW, ZONE)).toMatchObject({
      action: 'scale',
      decidedBy: 'seasonal',
      factor: 0.5,
    });
  });

  it('runs with no rules at all', () => {
    const decision = decideSkip(rules({}), NONE, NOW, ZONE);
    expect(decision).toMatchObject({ action: 'run', factor: 1, decidedBy: null });
    expect(decision.checks.every((c) => c.outcome === 'off')).toBe(true);
  });
});

describe('describeSkipDecision', () => {
  it.each([
    {
      settings: { rain: { atLeastMm: 10 } },
      inputs: { ...NONE, rain24h: reading(12.4) },
      text: 'Skipped 06:00 — 12.4 mm of rain in the last 24 h at Te Awa station ≥ 10 mm',
    },
    {
      settings: { wind: {} },
      inputs: { ...NONE, wind: reading(32) },
      text: 'Skipped 06:00 — wind 32 km/h at Te Awa station > 25 km/h',
    },
    {
      settings: { temperature: { belowCelsius: 0 } },
      inputs: { ...NONE, temperature: reading(-1.46, 'Shed') },
      text: 'Skipped 06:00 — −1.5 °C at Shed < 0 °C',
    },
    {
      settings: { soilMoisture: { abovePercent: 32.5 } },
      inputs: { ...NONE, soilMoisture: reading(38, 'Probe 3') },
      text: 'Skipped 06:00 — soil moisture 38 % at Probe 3 > 32.5 %',
    },
    {
      settings: {
        seasonal: { percentByMonth: [70, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100] },
      },
      inputs: NONE,
      text: 'Run 06:00 at 70 % — seasonal adjustment 70 % for January',
    },
    {
      settings: {
        seasonal: { percentByMonth: [0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100] },
      },
      inputs: NONE,
      text: 'Skipped 06:00 — seasonal adjustment 0 % for January',
    },
    {
      settings: { rain: {}, temperature: {} },
      inputs: {
        ...NONE,
        rain24h: reading(0.2),
        temperature: reading(8, 'Shed', NOW - 3 * 60 * MINUTE),
      },
      text: 'Run 06:00 — no rule skipped; temperature last read at Shed at 03:00, too old to use',
    },
  ])('$text', ({ settings, inputs, text }) => {
    expect(describeSkipDecision(decideSkip(rules(settings), inputs, NOW, ZONE), ZONE)).toBe(text);
  });

  it.each([
    [12.44, '12.4'],
    [10, '10'],
    [9.96, '10'],
    [-0.04, '0'],
    [-3.25, '−3.3'],
  ])('formats %s as %s', (value, text) => expect(formatSkipNumber(value)).toBe(text));
});

describe('the settings schemas', () => {
  it('fills in each default threshold', () => {
    expect(rules({ rain: {}, wind: {}, temperature: {}, soilMoisture: {}, seasonal: {} })).toEqual({
      rain: { atLeastMm: 10 },
      wind: { aboveKph: 25 },
      temperature: { belowCelsius: 2 },
      soilMoisture: { abovePercent: 30 },
      seasonal: { percentByMonth: Array.from({ length: 12 }, () => 100) },
      maxReadingAgeMinutes: 60,
    });
    expect(deficitModeSettingsSchema.parse({})).toEqual({
      triggerPercentOfRaw: 100,
      rainAllowance: 0,
    });
    expect(zoneDepthLimitsSchema.parse({})).toEqual({ minDepth: null, maxDepth: null });
  });

  it.each([
    { input: { rain: { atLeastMm: -1 } } },
    { input: { seasonal: { percentByMonth: [100, 100] } } },
    { input: { seasonal: { percentByMonth: Array.from({ length: 12 }, () => 301) } } },
    { input: { soilMoisture: { abovePercent: 101 } } },
    { input: { hail: {} } },
  ])('rejects $input', ({ input }) => {
    expect(programSkipRulesSchema.safeParse(input).success).toBe(false);
  });

  it('rejects a minimum depth over the maximum', () => {
    expect(zoneDepthLimitsSchema.safeParse({ minDepth: 20, maxDepth: 10 }).success).toBe(false);
  });
});
