/**
 * A refusal: a call or a job asked for something the rules do not allow. Actions throw these,
 * wherever they run (a route, a worker job), and the server maps each kind to its HTTP status
 * in one place (apps/server/src/http/errors.ts), so an action never speaks HTTP.
 */
export type RefusalKind =
  /** The input breaks a rule (400); `field` names it. */
  | 'invalid'
  /** The caller lacks the privilege (403). */
  | 'forbidden'
  /** The object does not exist (404). */
  | 'notFound'
  /** The object's state does not allow it now (409). */
  | 'conflict'
  /** The caller is not signed in, or their credentials, token or link are not valid (401). */
  | 'unauthenticated';

export class Refusal extends Error {
  override readonly name = 'Refusal';

  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** The input at fault ('email', 'zones.0'); with `reason` the message is 'field: reason'. */
    readonly field?: string,
    readonly reason?: string,
    /** Extra lines, e.g. every failed password rule. */
    readonly detail?: readonly string[],
  ) {
    super(message);
  }
}

export const refuse = {
  invalid: (field: string, reason: string, detail?: readonly string[]) =>
    new Refusal('invalid', `${field}: ${reason}`, field, reason, detail),
  forbidden: (message = 'Insufficient permission') => new Refusal('forbidden', message),
  notFound: (what: string) => new Refusal('notFound', `${what} not found`),
  conflict: (message: string) => new Refusal('conflict', message),
  unauthenticated: (message = 'Authentication required') => new Refusal('unauthenticated', message),
};

export function isRefusal(error: unknown): error is Refusal {
  return error instanceof Refusal;
}
