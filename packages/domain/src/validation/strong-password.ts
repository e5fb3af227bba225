/**
 * §5: the strong-password rules behind activation, sign-up, reset and the generic `strong` rule.
 * The spec says only "four rules in a tooltip; wording not shown", so the four are ours: the
 * common length-plus-character-class set, with the fourth class accepting a digit or a symbol so
 * that passphrases with punctuation pass. Letters are Unicode-aware (German users: 'Ä', 'ß').
 */

/** Minimum length of a strong password, counted in characters (code points). */
export const STRONG_PASSWORD_MIN_LENGTH = 8;

export type StrongPasswordRuleId = 'minLength' | 'lowerCase' | 'upperCase' | 'digitOrSymbol';

export interface StrongPasswordRule {
  readonly id: StrongPasswordRuleId;
  /** The tooltip wording. */
  readonly label: string;
  readonly test: (password: string) => boolean;
}

export const STRONG_PASSWORD_RULES: readonly StrongPasswordRule[] = [
  {
    id: 'minLength',
    label: `At least ${STRONG_PASSWORD_MIN_LENGTH} characters`,
    test: (password) => [...password].length >= STRONG_PASSWORD_MIN_LENGTH,
  },
  { id: 'lowerCase', label: 'A lower-case letter', test: (password) => /\p{Ll}/u.test(password) },
  { id: 'upperCase', label: 'An upper-case letter', test: (password) => /\p{Lu}/u.test(password) },
  {
    id: 'digitOrSymbol',
    label: 'A number or a symbol',
    // Anything that is neither a letter nor white space: digits, punctuation, symbols.
    test: (password) => /[^\p{L}\s]/u.test(password),
  },
];

/** The rules the password fails, in tooltip order; empty when strong. */
export function failedPasswordRules(password: string): StrongPasswordRuleId[] {
  return STRONG_PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}

export function isStrongPassword(password: string): boolean {
  return failedPasswordRules(password).length === 0;
}
