/** Deployment environments of §9: where error reporting runs. */
import type { Environment } from '../entities/vocabulary.ts';

/** Environments report errors (§9), all but development. */
export function isErrorReportingOn(environment: Environment): boolean {
  return environment !== 'development';
}
