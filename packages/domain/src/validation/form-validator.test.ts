import { describe, expect, it } from 'vitest';
import { assertAlarmRuleCreatable, parseFormRules, validateForm } from './form-validator.ts';
import type { FormInput, FormRuleName, FormValue } from './form-validator.ts';

/** Errors of a single input named 'x' with the given value and rules. */
function failed(
  value: FormValue,
  rules: string,
  others: FormInput[] = [],
): readonly FormRuleName[] {
  return validateForm([{ name: 'x', value, rules }, ...others]).errors.x ?? [];
}

describe('§5 generic form validator: each rule passes and fails', () => {
  it.each<[string, FormValue, string, boolean]>([
    ['required', 'a', 'required', true],
    ['required', ' ', 'required', false],
    ['required', '', 'required', false],
    ['required', null, 'required', false],
    ['required', undefined, 'required', false],
    ['required', 0, 'required', true],
    ['email', 'ops@paddock.nz', 'email', true],
    ['email', 'ops@paddock', 'email', false],
    ['number', '-12.5', 'number', true],
    ['number', '.5', 'number', true],
    ['number', 42, 'number', true],
    ['number', '12a', 'number', false],
    ['number', '1e3', 'number', false],
    ['integer', '-12', 'integer', true],
    ['integer', '12.0', 'integer', false],
    ['alphanum', 'Zone12', 'alphanum', true],
    ['alphanum', 'Müller2', 'alphanum', true],
    ['alphanum', 'zone 12', 'alphanum', false],
    ['alphanum', 'zone-12', 'alphanum', false],
    ['url', 'https://status.paddock.nz/incidents?x=1', 'url', true],
    ['url', 'http://localhost:8080/api', 'url', true],
    ['url', 'http://10.0.0.1', 'url', true],
    ['url', 'ftp://paddock.nz', 'url', false],
    ['url', 'paddock.nz', 'url', false],
    ['url', 'https://paddock', 'url', false],
    ['minlen', '123456', 'minlen:6', true],
    ['minlen', '12345', 'minlen:6', false],
    ['maxlen', '123456', 'maxlen:6', true],
    ['maxlen', '1234567', 'maxlen:6', false],
    ['len', '1234', 'len:4', true],
    ['len', '12345', 'len:4', false],
    ['len', '123', 'len:4', false],
    ['min', '6', 'min:6', true],
    ['min', '5.99', 'min:6', false],
    ['min', 'six', 'min:6', false],
    ['max', '-1', 'max:-0.5', true],
    ['max', '0', 'max:-0.5', false],
    ['list', 'sms', 'list:email,sms,voice', true],
    ['list', 'sms', 'list:email, sms , voice', true],
    ['list', 'fax', 'list:email,sms,voice', false],
    ['strong', 'DemoPaddock#2026', 'strong', true],
    ['strong', 'demopaddock', 'strong', false],
  ])('%s: %j with %s passes: %s', (rule, value, rules, passes) => {
    expect(failed(value, rules)).toEqual(passes ? [] : [rule]);
  });

  it.each<[string, string, boolean]>([
    ['secret1', 'secret1', true],
    ['secret1', 'secret2', false],
  ])('equalto: %j equal to other input %j passes: %s', (value, other, passes) => {
    expect(
      failed(value, 'equalto:password', [{ name: 'password', value: other, rules: [] }]),
    ).toEqual(passes ? [] : ['equalto']);
  });

  it('equalto naming no input compares with empty', () => {
    expect(failed('abc', 'equalto:missing')).toEqual(['equalto']);
  });

  it.each([
    'email',
    'number',
    'integer',
    'alphanum',
    'url',
    'minlen:6',
    'len:4',
    'min:1',
    'list:a,b',
    'strong',
    'equalto:y',
  ])('an empty value passes %s unless required', (rule) => {
    expect(failed('', rule)).toEqual([]);
    expect(failed('', `required|${rule}`)).toEqual(['required']);
  });

  it('lengths count characters: two emoji are length 2', () => {
    expect(failed('😀😀', 'len:2')).toEqual([]);
  });

  it('reports every failing rule in order', () => {
    expect(failed('ab!', 'alphanum|minlen:6|strong')).toEqual(['alphanum', 'minlen', 'strong']);
  });

  it('rules may be given as a list', () => {
    expect(
      validateForm([{ name: 'x', value: '12', rules: ['required', 'minlen:3'] }]).errors,
    ).toEqual({
      x: ['minlen'],
    });
  });
});

describe('§5 submission only when no errors', () => {
  it.each<[string, FormInput[], boolean]>([
    [
      'all valid',
      [
        { name: 'a', value: 'x', rules: 'required' },
        { name: 'b', value: '', rules: 'email' },
      ],
      true,
    ],
    [
      'one invalid',
      [
        { name: 'a', value: 'x', rules: 'required' },
        { name: 'b', value: '', rules: 'required' },
      ],
      false,
    ],
    ['no inputs', [], true],
    ['no rules', [{ name: 'a', value: '', rules: '' }], true],
  ])('%s → canSubmit %s', (_label, inputs, canSubmit) => {
    expect(validateForm(inputs).canSubmit).toBe(canSubmit);
  });

  it('lists every input, with no failures for the passing ones', () => {
    expect(
      validateForm([
        { name: 'a', value: 'x', rules: 'required' },
        { name: 'b', value: '', rules: 'required' },
      ]).errors,
    ).toEqual({ a: [], b: ['required'] });
  });
});

describe('§5 form definition errors', () => {
  it.each(['', '   '])('input name %j → Input name must not be empty.', (name) => {
    expect(() => validateForm([{ name, value: 'x', rules: 'required' }])).toThrow(
      'Input name must not be empty.',
    );
  });

  it.each([
    'requried',
    'minlen',
    'minlen:six',
    'minlen:-1',
    'min:',
    'max:abc',
    'list',
    'list:',
    'equalto',
    'required:true',
    'email:x',
    'REQUIRED',
  ])('rule %j → Unrecognized validator.', (rule) => {
    expect(() => parseFormRules(rule)).toThrow('Unrecognized validator.');
    expect(() => validateForm([{ name: 'x', value: 'v', rules: `required|${rule}` }])).toThrow(
      'Unrecognized validator.',
    );
  });

  it('tolerates spaces and empty segments around rules', () => {
    expect(parseFormRules(' required || minlen:6 ')).toEqual([
      { rule: 'required', param: '' },
      { rule: 'minlen', param: '6' },
    ]);
  });

  it('a list parameter keeps its commas; the first colon splits', () => {
    expect(parseFormRules('list:a:b,c')).toEqual([{ rule: 'list', param: 'a:b,c' }]);
  });
});

describe('§5 alarm rule creation asserts target, target type and threshold are defined', () => {
  it.each([
    [{ target: 5, targetType: 'sensor', threshold: 12 }],
    [{ target: 5, targetType: 'sensor', threshold: 0 }],
    [{ target: 0, targetType: '', threshold: -1 }],
  ])('%j passes', (draft) => {
    expect(() => assertAlarmRuleCreatable(draft)).not.toThrow();
  });

  it.each<[Record<string, unknown>, string]>([
    [{ targetType: 'sensor', threshold: 1 }, 'target'],
    [{ target: 5, threshold: 1 }, 'targetType'],
    [{ target: 5, targetType: 'sensor' }, 'threshold'],
    [{ target: 5, targetType: 'sensor', threshold: null }, 'threshold'],
    [{}, 'target, targetType, threshold'],
  ])('%j throws naming %s', (draft, missing) => {
    expect(() => assertAlarmRuleCreatable(draft)).toThrow(`Alarm rule needs ${missing}`);
  });
});
