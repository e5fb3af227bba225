/** App config (§3, §7 GET appConfig.json): what the console needs before anything else. */
import { z } from 'zod';
import { isErrorReportingOn } from '../constants/environment.ts';
import { environmentSchema } from './vocabulary.ts';

/**
 * Decision: an absolute http(s) URL or a same-origin path starting with '/', so one build can
 * talk to the server that serves it.
 */
export const apiBaseUrlSchema = z
  .string()
  .min(1)
  .refine(
    (value) => value.startsWith('/') || /^https?:\/\/[^\s/]+/.test(value),
    'Not an absolute http(s) URL or a path',
  );

/**
 * Whether an error-reporting key suits an environment. §5 asks for a non-empty key, and §9 runs
 * error reporting only in testing, staging and production; decision: development, which reports
 * nothing, may send an empty key, so a newcomer's server needs no made-up key.
 */
export function isErrorReportingKeyValid(environment: unknown, key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const parsed = environmentSchema.safeParse(environment);
  return key.trim().length > 0 || (parsed.success && !isErrorReportingOn(parsed.data));
}

/** All four fields are required and non-empty (§5); their messages are the validation rules'. */
export const appConfigSchema = z
  .object({
    environment: environmentSchema,
    /** The error-reporting (Bugsnag) API key; may be empty in development only. */
    bugsnagApiKey: z.string(),
    apiBaseUrl: apiBaseUrlSchema,
    awsRegion: z.string().min(1),
  })
  .refine((config) => isErrorReportingKeyValid(config.environment, config.bugsnagApiKey), {
    path: ['bugsnagApiKey'],
    message: 'An error-reporting key is required where errors are reported',
  });
export type AppConfig = z.infer<typeof appConfigSchema>;
