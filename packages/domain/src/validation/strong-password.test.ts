import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD_RULES, failedPasswordRules, isStrongPassword } from './strong-password.ts';
import type { StrongPasswordRuleId } from './strong-password.ts';

describe('§5 strong password: four rules in a tooltip', () => {
  it('there are exactly four rules, each with tooltip wording', () => {
    expect(STRONG_PASSWORD_RULES.map((rule) => rule.id)).toEqual([
      'minLength',
      'lowerCase',
      'upperCase',
      'digitOrSymbol',
    ]);
    for (const rule of STRONG_PASSWORD_RULES) expect(rule.label.length).toBeGreaterThan(0);
  });

  it.each<[string, StrongPasswordRuleId[]]>([
    ['DemoPaddock#2026', []],
    ['Abcdefg1', []],
    ['Abcdef1', ['minLength']],
    ['Abcdefg!', []],
    ['Abcdefgh', ['digitOrSymbol']],
    ['abcdefg1', ['upperCase']],
    ['ABCDEFG1', ['lowerCase']],
    ['Abcd efgh', ['digitOrSymbol']],
    ['Äpfelbaum7', []],
    ['straße#berg', ['upperCase']],
    ['', ['minLength', 'lowerCase', 'upperCase', 'digitOrSymbol']],
    ['12345678', ['lowerCase', 'upperCase']],
  ])('%j fails %j', (password, failed) => {
    expect(failedPasswordRules(password)).toEqual(failed);
    expect(isStrongPassword(password)).toBe(failed.length === 0);
  });

  it('length counts characters, not UTF-16 units: 7 chars with an emoji is short', () => {
    expect(failedPasswordRules('Abcde1😀')).toEqual(['minLength']);
    expect(failedPasswordRules('Abcdef1😀')).toEqual([]);
  });
});
