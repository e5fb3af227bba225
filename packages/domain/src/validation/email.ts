import { z } from 'zod';

/**
 * §5: the one "standard" email pattern, used by profile, forgot password, switch user, user
 * creation and the generic validator. It is zod's own email pattern, so a form and a zod schema
 * (`z.email()`) built anywhere else in the domain accept exactly the same addresses: a dotted
 * local part without leading, trailing or doubled dots, and a domain with a TLD of 2+ letters.
 */
export const EMAIL_PATTERN: RegExp = z.regexes.email;

/** Tests the text as given; callers trim first where the spec says input is trimmed. */
export function isEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}
