/**
 * The closed vocabularies the console checks before its first render, as plain lists with their
 * guards: the app config's environment (§3, §9) and the add-on thing types of a route's query
 * (§2). vocabulary.ts builds its zod enums from these lists, so each word is still spelled once;
 * they live apart so the console's first load carries no zod (initial JS budget, issue 5).
 */

/** Deployment environments of the app config (§3, §9). Error reporting runs in all but development. */
export const ENVIRONMENTS = ['development', 'testing', 'staging', 'production'] as const;

/** Thing types of the add-ons' selecting query thing={id}&type={type} (§2) and of things (§3). */
export const THING_TYPES = [
  'site',
  'dashboardSite',
  'valve',
  'valve-addon',
  'pump',
  'pivot',
  'power',
  'combine',
  'external',
  'waterMeter',
  'rain',
  'irrigationZone',
  'irrigation',
  'frost',
  'frostFan',
  'wvcRadio',
  'wmrRadio',
  'loraRadio',
  'unit',
  'soilMoisture',
  'pressure',
  'level',
  'frostSummary',
  'windSpeed',
  'wind',
  'humidity',
  'dewPoint',
  'air',
  'temperature',
  'water',
  'alarm',
  'weatherStation',
  'multiLayer',
  'weatherSensor',
  'weather',
  'meta',
  'generic',
  'report',
  'frostExplorer',
] as const;

/** Whether a value is one of the app config's environments. */
export function isEnvironment(value: unknown): value is (typeof ENVIRONMENTS)[number] {
  return isOneOf(ENVIRONMENTS, value);
}

/** Whether a value is one of the thing types. */
export function isThingType(value: unknown): value is (typeof THING_TYPES)[number] {
  return isOneOf(THING_TYPES, value);
}

/**
 * Whether a value is one of the list's words, as a guard. A list of literals takes no wider value
 * (a string from a path or a topic, anything from storage) in `includes` without a cast, so the
 * cast is made here, once.
 */
export function isOneOf<T>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}
