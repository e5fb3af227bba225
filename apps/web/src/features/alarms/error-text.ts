/** The line a failed save shows: the server's message, else §8's 'An Error has occurred'. */
import { AN_ERROR_HAS_OCCURRED } from '@paddock/domain';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client.ts';

export function errorText(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.message) return t(error.message);
  return t(AN_ERROR_HAS_OCCURRED);
}
