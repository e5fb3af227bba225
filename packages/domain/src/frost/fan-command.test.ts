import { describe, expect, it } from 'vitest';
import {
  checkFanRequest,
  fanTakesCommands,
  FAN_START_MARGIN_C,
  type FanRequestCheckInput,
  type FanRequestOutcome,
  fanStartRefusalText,
  judgeFanCommand,
  type FanCommandInput,
  type FanStartRefusalCode,
} from './fan-command.ts';
import { FROST_RULE_PRESETS } from './rules.ts';

// Start at or below 1 °C, shut down above 8 km/h.
const marlborough = FROST_RULE_PRESETS.marlboroughConsent;
// Start at or below 2 °C, no wind rule.
const bayOfPlenty = FROST_RULE_PRESETS.westernBayOfPlenty;

type Row = [
  string,
  Omit<FanCommandInput, 'rules'> & { rules?: FanCommandInput['rules'] },
  { allowed: boolean; codes: FanStartRefusalCode[] },
];

describe('a fan command from the console', () => {
  it.each<Row>([
    [
      'a start in a cold, calm canopy goes out',
      { action: 'start', canopy: 0.4, wind: 2, override: false },
      { allowed: true, codes: [] },
    ],
    [
      'a start at the start temperature plus the margin goes out',
      { action: 'start', canopy: 1 + FAN_START_MARGIN_C, wind: 8, override: false },
      { allowed: true, codes: [] },
    ],
    [
      'a start just above the margin is refused',
      { action: 'start', canopy: 1.6, wind: 2, override: false },
      { allowed: false, codes: ['canopyTooWarm'] },
    ],
    [
      'a start in wind above the site limit is refused',
      { action: 'start', canopy: 0, wind: 8.1, override: false },
      { allowed: false, codes: ['windTooStrong'] },
    ],
    [
      'a warm, windy start is refused for both',
      { action: 'start', canopy: 6, wind: 20, override: false },
      { allowed: false, codes: ['canopyTooWarm', 'windTooStrong'] },
    ],
    [
      'a start with no canopy reading is refused',
      { action: 'start', canopy: null, wind: 2, override: false },
      { allowed: false, codes: ['noCanopyReading'] },
    ],
    [
      'a start with no wind reading is judged by the canopy alone',
      { action: 'start', canopy: 0.2, wind: null, override: false },
      { allowed: true, codes: [] },
    ],
    [
      'a site with no wind rule never refuses for wind',
      { action: 'start', canopy: 1.9, wind: 60, override: false, rules: bayOfPlenty },
      { allowed: true, codes: [] },
    ],
    [
      'an override sends a refused start and records what it overrode',
      { action: 'start', canopy: 0, wind: 15, override: true },
      { allowed: true, codes: ['windTooStrong'] },
    ],
    [
      'an override of a start that needed none overrides nothing',
      { action: 'start', canopy: 0, wind: 1, override: true },
      { allowed: true, codes: [] },
    ],
    [
      'a stop is never refused, whatever the weather',
      { action: 'stop', canopy: 9, wind: 40, override: false },
      { allowed: true, codes: [] },
    ],
  ])('%s', (_, { rules = marlborough, ...input }, expected) => {
    const judged = judgeFanCommand({ ...input, rules });
    expect(judged.allowed).toBe(expected.allowed);
    const reasons = judged.allowed ? judged.overridden : judged.refusals;
    expect(reasons.map((reason) => reason.code)).toEqual(expected.codes);
  });

  it.each([
    [
      { code: 'canopyTooWarm', canopy: 4.23, limit: 1.5 } as const,
      'the canopy is 4.2 °C, above the start temperature plus 0.5 °C (1.5 °C)',
    ],
    [
      { code: 'windTooStrong', wind: 12, limit: 8 } as const,
      "the wind is 12 km/h, above the site's shutdown speed of 8 km/h",
    ],
    [
      { code: 'noCanopyReading' } as const,
      'there is no recent canopy temperature to judge the start by',
    ],
  ])('says why: %o', (refusal, text) => {
    expect(fanStartRefusalText(refusal)).toBe(text);
  });
});

describe('a fan request after its command', () => {
  const asked = Date.parse('2026-09-20T14:00:00Z');
  const s = (seconds: number) => asked + seconds * 1000;
  it.each<[string, Omit<FanRequestCheckInput, 'askedAt'>, FanRequestOutcome | null | 'waiting']>([
    [
      'a start with RPM is running',
      { action: 'start', status: 'done', now: s(5), rpm: { value: 2350, at: s(2) } },
      'running',
    ],
    [
      'a start of a fan already turning is running',
      { action: 'start', status: 'done', now: s(1), rpm: { value: 2350, at: s(-300) } },
      'running',
    ],
    [
      'a start with no RPM yet waits',
      { action: 'start', status: 'done', now: s(119), rpm: { value: 0, at: s(1) } },
      'waiting',
    ],
    [
      'a start with no RPM after 120 s failed to start',
      { action: 'start', status: 'done', now: s(120), rpm: { value: 0, at: s(1) } },
      'failedToStart',
    ],
    [
      'a start of a fan that never reported failed to start after 120 s',
      { action: 'start', status: 'inProgress', now: s(121), rpm: null },
      'failedToStart',
    ],
    [
      'a start whose command failed failed to start at once',
      { action: 'start', status: 'failed', now: s(3), rpm: { value: 0, at: s(-60) } },
      'failedToStart',
    ],
    [
      'a stop with RPM 0 after it is stopped',
      { action: 'stop', status: 'done', now: s(4), rpm: { value: 0, at: s(2) } },
      'stopped',
    ],
    [
      'a stop with only an RPM 0 from before it waits',
      { action: 'stop', status: 'done', now: s(4), rpm: { value: 0, at: s(-1) } },
      'waiting',
    ],
    [
      'a stop still turning after 120 s settles with no outcome',
      { action: 'stop', status: 'done', now: s(120), rpm: { value: 2300, at: s(60) } },
      null,
    ],
    [
      'a stop whose command failed settles with no outcome',
      { action: 'stop', status: 'failed', now: s(2), rpm: { value: 2300, at: s(-60) } },
      null,
    ],
  ])('%s', (_, input, expected) => {
    const checked = checkFanRequest({ ...input, askedAt: asked });
    expect(checked === null ? 'waiting' : checked.outcome).toBe(expected);
  });
});

describe('a fan that takes commands', () => {
  it.each([
    [{ radio: 4, unit: null }, true],
    [{ radio: null, unit: 2 }, true],
    [{ radio: null, unit: null }, false],
  ])('%o: %s', (sensor, expected) => {
    expect(fanTakesCommands(sensor)).toBe(expected);
  });
});
