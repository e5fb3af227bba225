import { describe, expect, it } from 'vitest';
import {
  FAN_START_MARGIN_C,
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
