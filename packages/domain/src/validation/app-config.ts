/** §5 app config: what GET appConfig.json must hold before the console starts (§4 Startup). */
import type { AppConfig } from '../entities/app-config.ts';
import {
  isApiBaseUrl,
  isErrorReportingKeyValid,
  isNonEmptyString,
} from '../entities/start-up-checks.ts';
import { isEnvironment } from '../entities/words.ts';
import {
  CONFIG_API_BASE_URL_INVALID,
  CONFIG_AWS_REGION_INVALID,
  CONFIG_BUGSNAG_KEY_INVALID,
  CONFIG_ENVIRONMENT_INVALID,
} from './messages.ts';
import type { ValidationResult } from './result.ts';

type ConfigRecord = Readonly<Record<string, unknown>>;

/** The fields in the order they are checked, each with its check and its §8 message. */
const CONFIG_FIELDS: readonly (readonly [
  keyof AppConfig,
  (value: unknown, record: ConfigRecord) => boolean,
  string,
])[] = [
  ['environment', isEnvironment, CONFIG_ENVIRONMENT_INVALID],
  [
    'bugsnagApiKey',
    (key, record) => isErrorReportingKeyValid(record.environment, key),
    CONFIG_BUGSNAG_KEY_INVALID,
  ],
  ['apiBaseUrl', isApiBaseUrl, CONFIG_API_BASE_URL_INVALID],
  ['awsRegion', isNonEmptyString, CONFIG_AWS_REGION_INVALID],
];

/**
 * §5: the config needs a valid environment, error-reporting key, apiBaseUrl and awsRegion, all
 * non-empty. Field validity is the §3 entity's (the checks appConfigSchema is built from, without
 * zod: this runs before the first render); this adds the §8 messages. Start-up shows one message,
 * so only the first failing field is reported. Anything that is not an object fails on the
 * environment. Unknown extra keys are ignored (and left out of the value).
 */
export function validateAppConfig(raw: unknown): ValidationResult<AppConfig> {
  const record: ConfigRecord = typeof raw === 'object' && raw !== null ? (raw as ConfigRecord) : {};
  for (const [field, check, message] of CONFIG_FIELDS) {
    if (!check(record[field], record)) {
      return { ok: false, errors: { [field]: message } };
    }
  }
  const { environment, bugsnagApiKey, apiBaseUrl, awsRegion } = record as AppConfig;
  return { ok: true, value: { environment, bugsnagApiKey, apiBaseUrl, awsRegion } };
}
