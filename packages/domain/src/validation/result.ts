/**
 * The one result shape every validator returns: the cleaned value when valid, otherwise one
 * message (exact spec text or translation key) per failing field.
 */
export type ValidationResult<T, F extends string = Extract<keyof T, string>> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: Readonly<Partial<Record<F, string>>> };

/** Field → message; only failing fields are present. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Wraps a value and the errors gathered for it into a {@link ValidationResult}. */
export function toResult<T, F extends string>(
  value: T,
  errors: FieldErrors<F>,
): ValidationResult<T, F> {
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors };
}

/** The first failing field's message, for screens that show a single line (e.g. the config banner). */
export function firstErrorMessage<T, F extends string>(
  result: ValidationResult<T, F>,
): string | null {
  if (result.ok) return null;
  const messages = Object.values(result.errors) as (string | undefined)[];
  return messages.find((message) => message !== undefined) ?? null;
}

/** §5 Profile: "Errors show once touched" — keeps only the errors of fields the user has touched. */
export function errorsToShow<F extends string>(
  errors: Readonly<Partial<Record<F, string>>>,
  touched: Readonly<Partial<Record<F, boolean>>>,
): Partial<Record<F, string>> {
  const shown: Partial<Record<F, string>> = {};
  for (const field of Object.keys(errors) as F[]) {
    if (touched[field]) shown[field] = errors[field];
  }
  return shown;
}
