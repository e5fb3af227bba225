/**
 * The password rules on the server, the same ones the console's forms check (§5): strong for
 * activation, sign-up and reset; at least 6 characters for change password.
 */
import {
  failedPasswordRules,
  MIN_PASSWORD_LENGTH_ON_CHANGE,
  PASSWORD_NOT_STRONG,
  STRONG_PASSWORD_RULES,
} from '@paddock/domain';
import { HttpError } from '../../http/errors.ts';

/**
 * 400 with every failed rule's tooltip wording as `detail`, which the activation and reset pages
 * show under their error (§7 "JSON with message and detail list", §8).
 */
export function assertStrongPassword(field: string, password: string): void {
  const failed = failedPasswordRules(password);
  if (failed.length === 0) return;
  const detail = STRONG_PASSWORD_RULES.filter((rule) => failed.includes(rule.id)).map(
    (rule) => rule.label,
  );
  throw new HttpError(400, PASSWORD_NOT_STRONG, {
    field,
    location: 'body',
    reason: PASSWORD_NOT_STRONG,
    detail,
  });
}

/** §5 change password: at least 6 characters, counted as the form counts them (code points). */
export function assertChangePasswordLength(field: string, password: string): void {
  if ([...password].length >= MIN_PASSWORD_LENGTH_ON_CHANGE) return;
  const reason = `must be at least ${MIN_PASSWORD_LENGTH_ON_CHANGE} characters`;
  throw new HttpError(400, `Password ${reason}`, { field, location: 'body', reason });
}
