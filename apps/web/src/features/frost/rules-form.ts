/**
 * The frost rules form's values: what is typed, read into the site's frost rules and checked with
 * the domain's frostRulesSchema, the server's own check. Optional rules are left empty for "none"
 * (no wind rule, any hour) or for their default (the critical temperature is the start
 * temperature, the margin FORECAST_WARNING_MARGIN_DEFAULT).
 */
import { frostRulesSchema, type FrostRules } from '@paddock/domain';

export type RulesNumberField =
  'startAtOrBelow' | 'stopBy' | 'windShutdownAbove' | 'criticalTemperature' | 'forecastMargin';

export interface RulesFormValues {
  /** Number inputs keep what is typed ('-1.' on the way to '-1.5'); '' is empty. */
  readonly numbers: Record<RulesNumberField, number | string>;
  /** HH:MM, both empty for any hour. */
  readonly hoursFrom: string;
  readonly hoursTo: string;
  readonly source: string;
}

export type RulesFormField = RulesNumberField | 'permittedHours' | 'source';

export function rulesFormValues(rules: FrostRules): RulesFormValues {
  return {
    numbers: {
      startAtOrBelow: rules.startAtOrBelow,
      stopBy: rules.stopBy,
      windShutdownAbove: rules.windShutdownAbove ?? '',
      criticalTemperature: rules.criticalTemperature ?? '',
      forecastMargin: rules.forecastMargin ?? '',
    },
    hoursFrom: rules.permittedHours?.from ?? '',
    hoursTo: rules.permittedHours?.to ?? '',
    source: rules.source,
  };
}

const isEmpty = (value: number | string) => typeof value === 'string' && value.trim() === '';
const read = (value: number | string) =>
  typeof value === 'number' ? value : isEmpty(value) ? Number.NaN : Number(value);

/** The rules the form says, or the fields that are not valid (by frostRulesSchema). */
export function readRulesForm(
  values: RulesFormValues,
): { rules: FrostRules; invalid: [] } | { rules: null; invalid: RulesFormField[] } {
  const { numbers } = values;
  const optional = (field: 'criticalTemperature' | 'forecastMargin') =>
    isEmpty(numbers[field]) ? {} : { [field]: read(numbers[field]) };
  const noHours = values.hoursFrom.trim() === '' && values.hoursTo.trim() === '';
  const candidate = {
    startAtOrBelow: read(numbers.startAtOrBelow),
    stopBy: read(numbers.stopBy),
    windShutdownAbove: isEmpty(numbers.windShutdownAbove) ? null : read(numbers.windShutdownAbove),
    permittedHours: noHours ? null : { from: values.hoursFrom.trim(), to: values.hoursTo.trim() },
    ...optional('criticalTemperature'),
    ...optional('forecastMargin'),
    source: values.source.trim(),
  };
  const parsed = frostRulesSchema.safeParse(candidate);
  if (parsed.success) return { rules: parsed.data, invalid: [] };
  const invalid = new Set(
    parsed.error.issues.map((issue) => String(issue.path[0]) as RulesFormField),
  );
  return { rules: null, invalid: [...invalid] };
}
