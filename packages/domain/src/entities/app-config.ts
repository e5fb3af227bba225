/** App config (§3, §7 GET appConfig.json): what the console needs before anything else. */
import { z } from 'zod';
import { isApiBaseUrl, isErrorReportingKeyValid } from './start-up-checks.ts';
import { environmentSchema } from './vocabulary.ts';

/** An absolute http(s) URL or a same-origin path starting with '/' (start-up-checks.ts). */
export const apiBaseUrlSchema = z
  .string()
  .min(1)
  .refine((value) => isApiBaseUrl(value), 'Not an absolute http(s) URL or a path');

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
