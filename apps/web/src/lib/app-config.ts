import {
  CONFIG_ENVIRONMENT_INVALID,
  CONFIG_FETCH_FAILED,
  firstErrorMessage,
  validateAppConfig,
  type AppConfig,
} from '@paddock/domain';

export type AppConfigResult = { ok: true; config: AppConfig } | { ok: false; message: string };

/**
 * Loads appConfig.json from the same origin without credentials and validates it (spec §4
 * start-up, §5 app config, §8 messages). Never throws: the caller shows the red banner.
 */
export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfigResult> {
  let raw: unknown;
  try {
    const response = await fetchImpl('/appConfig.json', { credentials: 'omit', cache: 'no-store' });
    if (!response.ok) return { ok: false, message: CONFIG_FETCH_FAILED };
    raw = await response.json();
  } catch {
    return { ok: false, message: CONFIG_FETCH_FAILED };
  }
  const result = validateAppConfig(raw);
  if (result.ok) return { ok: true, config: result.value };
  return { ok: false, message: firstErrorMessage(result) ?? CONFIG_ENVIRONMENT_INVALID };
}

let current: AppConfig | null = null;

/** Called once by the bootstrap with the validated config, before anything renders. */
export function setAppConfig(config: AppConfig): void {
  current = config;
}

/**
 * The validated app config. Only the bootstrap runs before it is set, so anything rendered can
 * call this freely; a call before start-up is a programming error and throws.
 */
export function getAppConfig(): AppConfig {
  if (!current) throw new Error('The app config is read before start-up loaded it');
  return current;
}
