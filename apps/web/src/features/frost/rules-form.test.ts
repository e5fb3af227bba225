import type { FrostRules } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { readRulesForm, rulesFormValues, type RulesFormValues } from './rules-form.ts';

const RULES: FrostRules = {
  startAtOrBelow: 2,
  stopBy: 4,
  windShutdownAbove: null,
  permittedHours: { from: '22:00', to: '07:00' },
  criticalTemperature: -1,
  forecastMargin: 1.5,
  source: 'Western Bay of Plenty District Plan s4C',
};

const edit = (change: (values: RulesFormValues) => RulesFormValues) =>
  readRulesForm(change(rulesFormValues(RULES)));

describe('the frost rules form', () => {
  it('reads back the rules it was given', () => {
    expect(readRulesForm(rulesFormValues(RULES))).toEqual({ rules: RULES, invalid: [] });
  });

  it('reads empty fields as no wind rule, any hour and the default warning', () => {
    const read = edit((values) => ({
      ...values,
      numbers: {
        ...values.numbers,
        windShutdownAbove: '',
        criticalTemperature: '',
        forecastMargin: '',
      },
      hoursFrom: '',
      hoursTo: '',
    }));
    expect(read.rules).toEqual({
      startAtOrBelow: 2,
      stopBy: 4,
      windShutdownAbove: null,
      permittedHours: null,
      source: RULES.source,
    });
  });

  it.each([
    ['startAtOrBelow', { startAtOrBelow: 20 }],
    ['stopBy', { stopBy: '' }],
    ['windShutdownAbove', { windShutdownAbove: 0 }],
    ['criticalTemperature', { criticalTemperature: -20 }],
    ['forecastMargin', { forecastMargin: '6' }],
  ])('names %s when it is out of range', (field, numbers) => {
    const read = edit((values) => ({ ...values, numbers: { ...values.numbers, ...numbers } }));
    expect(read).toEqual({ rules: null, invalid: [field] });
  });

  it('names the hours when only one is given, and the source when empty', () => {
    const read = edit((values) => ({ ...values, hoursTo: '', source: ' ' }));
    expect(read.invalid.sort()).toEqual(['permittedHours', 'source']);
  });
});
