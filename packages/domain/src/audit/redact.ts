/**
 * Secrets never reach the audit log (issue 33 item 1): a field named like a password, token,
 * secret, key or credential is written as "changed", at any depth, so the row says that it
 * changed and never what it became.
 */

/** Shown in place of a secret's value. */
export const REDACTED = 'changed';

const SECRET_NAME = /password|token|secret|key|credential/i;

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, member]) => [
        name,
        SECRET_NAME.test(name) ? REDACTED : redactSecrets(member),
      ]),
    );
  }
  return value;
}
