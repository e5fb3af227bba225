/**
 * §8 "Init failure: reported, emits logged out, session error with server response or 'Error
 * during init'". Start-up after signing in loads the user's sites; when that fails the console
 * cannot go anywhere, so the session ends with the reason the login page then shows.
 */
import { INIT_ERROR } from '@paddock/domain';
import { api, endSession, isApiError } from '../../lib/api-client.ts';
import { reportError } from '../../lib/error-reporting.ts';

/** The session error: the server's message when it answered with one, else 'Error during init'. */
export function initFailureReason(error: unknown): string {
  if (!isApiError(error) || error.responseStatus === undefined) return INIT_ERROR;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : INIT_ERROR;
}

/** Reports the failure, tells the server (best effort) and ends the session in every tab. */
export function failInit(error: unknown): string {
  reportError(error);
  const reason = initFailureReason(error);
  void api.post('/user/logout').catch(() => undefined);
  endSession(reason);
  return reason;
}
