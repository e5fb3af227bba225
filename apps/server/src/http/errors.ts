/**
 * Errors an endpoint raises on purpose, and the one error handler that turns every failure into
 * the same JSON body: { statusCode, error, message, field?, reason? } (spec §8 status codes).
 */
import { isRefusal, refuse, type ApiErrorBody, type RefusalKind } from '@paddock/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/** The domain's error body, with the status always filled in. */
export type ErrorBody = ApiErrorBody & { statusCode: number; error: string };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Pick<ErrorBody, 'field' | 'location' | 'reason' | 'detail'> = {},
  ) {
    super(message);
  }
}

/**
 * The refusals of the domain's rule book, under the names routes have always used; actions
 * throw them wherever they run, and the handler below maps each kind to its status.
 */
export const badRequest = (field: string, reason: string, detail?: string[]) =>
  refuse.invalid(field, reason, detail);
export const forbidden = refuse.forbidden;
export const notFound = refuse.notFound;
export const conflict = refuse.conflict;
export const unauthorized = refuse.unauthenticated;
export const tooManyRequests = (message: string) => new HttpError(429, message);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** What a call answers while the database is away (a restart, a stop, a hung server). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not available at the moment; try again in a few seconds.';

/**
 * Errors that say the database is away rather than that the call is wrong: no connection
 * (refused, reset, timed out), the server shutting down or starting (57P01–57P03), a cancelled
 * statement (57014, statement_timeout), connection failures (class 08) and a full disk or
 * exhausted resources (class 53). The call may succeed when tried again.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (/^(08|53|57P0)/.test(code) || code === '57014') return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(code)) {
        return true;
      }
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/.test(
        message,
      )
    ) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

function body(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...extra };
}

/** A zod issue path as the console names fields: 'notifications.0.address'. */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * The field a validation error is about. An unknown key is reported on the object holding it,
 * so the key is added: the field is the key itself ('config.colour'), not its object.
 */
function fieldOfIssue(issue: { instancePath: string; keyword: string; params: unknown }): string {
  const path = fieldOf(issue.instancePath);
  const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
  if (issue.keyword !== 'unrecognized_keys' || !Array.isArray(keys) || keys.length === 0) {
    return path;
  }
  return [path, String(keys[0])].filter((part) => part !== '').join('.');
}

/** Each kind of refusal's status: the one place a domain refusal becomes HTTP. */
const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unauthenticated: 401,
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isRefusal(error)) {
      const status = REFUSAL_STATUS[error.kind];
      return reply.code(status).send(
        body(status, error.message, {
          field: error.field,
          reason: error.reason,
          location: error.kind === 'invalid' ? 'body' : undefined,
          detail: error.detail ? [...error.detail] : undefined,
        }),
      );
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(body(error.statusCode, error.message, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first ? fieldOfIssue(first) : undefined;
      const reason = first?.message ?? 'invalid';
      const location = error.validationContext;
      const name = field || location || 'request';
      return reply
        .code(400)
        .send(body(400, `${name}: ${reason}`, { field: field || undefined, location, reason }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply.code(500).send(body(500, 'Internal Server Error'));
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(status, error.message, { location: 'body' }));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: (error as Error).message }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body(503, DATABASE_UNAVAILABLE_MESSAGE, { reason: 'databaseUnavailable' }));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body(500, 'Internal Server Error'));
  });
}
