/** §5 app config: what GET appConfig.json must hold before the console starts (§4 Startup). */
import { appConfigSchema, isErrorReportingKeyValid } from '../entities/app-config.ts';
import type { AppConfig } from '../entities/app-config.ts';
import {
  CONFIG_API_BASE_URL_INVALID,
  CONFIG_AWS_REGION_INVALID,
  CONFIG_BUGSNAG_KEY_INVALID,
  CONFIG_ENVIRONMENT_INVALID,
} from './messages.ts';
import type { ValidationResult } from './result.ts';

/** The fields in the order they are checked, each with its §8 message. */
const CONFIG_FIELD_MESSAGES: readonly (readonly [keyof AppConfig, string])[] = [
  ['environment', CONFIG_ENVIRONMENT_INVALID],
  ['bugsnagApiKey', CONFIG_BUGSNAG_KEY_INVALID],
  ['apiBaseUrl', CONFIG_API_BASE_URL_INVALID],
  ['awsRegion', CONFIG_AWS_REGION_INVALID],
];

/**
 * §5: the config needs a valid environment, error-reporting key, apiBaseUrl and awsRegion, all
 * non-empty. Field validity is the §3 entity schema's; this adds the §8 messages. Start-up shows
 * one message, so only the first failing field is reported. Anything that is not an object fails
 * on the environment. Unknown extra keys are ignored.
 */
export function validateAppConfig(raw: unknown): ValidationResult<AppConfig> {
  const record: Record<string, unknown> =
    typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  for (const [field, message] of CONFIG_FIELD_MESSAGES) {
    const valid =
      field === 'bugsnagApiKey'
        ? isErrorReportingKeyValid(record.environment, record[field])
        : appConfigSchema.shape[field].safeParse(record[field]).success;
    if (!valid) {
      return { ok: false, errors: { [field]: message } };
    }
  }
  return { ok: true, value: appConfigSchema.parse(record) };
}
