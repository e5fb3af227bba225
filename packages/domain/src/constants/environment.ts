/** Deployment environments of §9: where error reporting runs. */
import type { Environment } from '../entities/vocabulary.ts';

/** Environments that report errors (§9): all but development. */
export const ERROR_REPORTING_ENVIRONMENTS = [
  'testing',
  'staging',
  'production',
] as const satisfies readonly Environment[];

export function isErrorReportingOn(environment: Environment): boolean {
  return (ERROR_REPORTING_ENVIRONMENTS as readonly Environment[]).includes(environment);
}
