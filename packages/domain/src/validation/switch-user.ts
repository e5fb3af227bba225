import { isEmail } from './email.ts';

/**
 * §4/§5 Switch User: the button is enabled only when the typed text is a valid email (the same
 * pattern as everywhere). Surrounding spaces from pasting are ignored.
 */
export function isValidSwitchUserEmail(text: string): boolean {
  return isEmail(text.trim());
}
