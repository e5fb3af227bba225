/**
 * §5 the generic form validator: each input names its rules ('required|email|minlen:6' or a list);
 * the form may be submitted only when no rule fails.
 */
import { isEmail } from './email.ts';
import { INPUT_NAME_EMPTY, UNRECOGNIZED_VALIDATOR } from './messages.ts';
import { isStrongPassword } from './strong-password.ts';
import { isOneOf } from '../entities/words.ts';

export const FORM_RULE_NAMES = [
  'required',
  'email',
  'number',
  'integer',
  'alphanum',
  'url',
  'equalto',
  'minlen',
  'maxlen',
  'len',
  'min',
  'max',
  'list',
  'strong',
] as const;
export type FormRuleName = (typeof FORM_RULE_NAMES)[number];

export type FormValue = string | number | null | undefined;

export interface FormInput {
  readonly name: string;
  readonly value: FormValue;
  /** 'required|minlen:6' or ['required', 'minlen:6']; a parameter follows the first ':'. */
  readonly rules: string | readonly string[];
}

export interface FormValidation {
  /** Every input name → the rules it fails, in the order given; empty when it passes. */
  readonly errors: Readonly<Record<string, readonly FormRuleName[]>>;
  /** §5: submission only when no errors. */
  readonly canSubmit: boolean;
}

/** A rule whose definition is broken; thrown, because it is a bug in the form, not bad input. */
export class FormDefinitionError extends Error {
  override readonly name = 'FormDefinitionError';
}

interface ParsedRule {
  readonly rule: FormRuleName;
  readonly param: string;
}

type Check = (text: string, param: string, values: ReadonlyMap<string, string>) => boolean;

const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const INTEGER = /^[-+]?\d+$/;
const LENGTH_PARAM = /^\d+$/;
/** http(s) with a dotted host name, localhost or an IPv4 address; optional port, path, query, hash. */
const URL_PATTERN =
  /^https?:\/\/(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})(?::\d{1,5})?(?:[/?#]\S*)?$/i;

const length = (text: string): number => [...text].length;

/**
 * Each rule's check. Every rule but `required` passes an empty value, so optional fields can carry
 * format rules. Lengths count characters (code points); `alphanum` accepts letters and digits of
 * any script (German names); `min`/`max` need a number in the value.
 */
const CHECKS: Readonly<Record<FormRuleName, Check>> = {
  required: (text) => text.trim() !== '',
  email: (text) => isEmail(text),
  number: (text) => DECIMAL.test(text),
  integer: (text) => INTEGER.test(text),
  alphanum: (text) => /^[\p{L}\p{N}]+$/u.test(text),
  url: (text) => URL_PATTERN.test(text),
  /** Equal to the value of the input named by the parameter; a missing input counts as empty. */
  equalto: (text, param, values) => text === (values.get(param) ?? ''),
  minlen: (text, param) => length(text) >= Number(param),
  maxlen: (text, param) => length(text) <= Number(param),
  len: (text, param) => length(text) === Number(param),
  min: (text, param) => DECIMAL.test(text) && Number(text) >= Number(param),
  max: (text, param) => DECIMAL.test(text) && Number(text) <= Number(param),
  /** One of the comma-separated parameter values (items trimmed). */
  list: (text, param) => param.split(',').some((item) => item.trim() === text),
  strong: (text) => isStrongPassword(text),
};

/** What each rule's parameter must look like; `null` means the rule takes none. */
const PARAMS: Readonly<Record<FormRuleName, RegExp | null>> = {
  required: null,
  email: null,
  number: null,
  integer: null,
  alphanum: null,
  url: null,
  strong: null,
  equalto: /^.+$/,
  minlen: LENGTH_PARAM,
  maxlen: LENGTH_PARAM,
  len: LENGTH_PARAM,
  min: DECIMAL,
  max: DECIMAL,
  list: /^.+$/,
};

function isFormRuleName(name: string): name is FormRuleName {
  return isOneOf(FORM_RULE_NAMES, name);
}

/**
 * Parses one input's rules. An unknown rule, a parameter on a rule that takes none, or a missing
 * or malformed parameter all throw 'Unrecognized validator.'.
 */
export function parseFormRules(rules: string | readonly string[]): ParsedRule[] {
  const parts = typeof rules === 'string' ? rules.split('|') : rules;
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      const rule = colon === -1 ? part : part.slice(0, colon);
      const param = colon === -1 ? null : part.slice(colon + 1);
      if (!isFormRuleName(rule)) throw new FormDefinitionError(UNRECOGNIZED_VALIDATOR);
      const shape = PARAMS[rule];
      const fits = shape === null ? param === null : param !== null && shape.test(param);
      if (!fits) throw new FormDefinitionError(UNRECOGNIZED_VALIDATOR);
      return { rule, param: param ?? '' };
    });
}

function toText(value: FormValue): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * §5: validates every input. Throws {@link FormDefinitionError} with 'Input name must not be
 * empty.' for an input without a name, or 'Unrecognized validator.' for a bad rule — before
 * anything is validated.
 */
export function validateForm(inputs: readonly FormInput[]): FormValidation {
  const parsed = inputs.map((input) => {
    if (input.name.trim() === '') throw new FormDefinitionError(INPUT_NAME_EMPTY);
    return { name: input.name, text: toText(input.value), rules: parseFormRules(input.rules) };
  });
  const values = new Map(parsed.map((input) => [input.name, input.text]));
  const errors: Record<string, FormRuleName[]> = {};
  for (const { name, text, rules } of parsed) {
    const empty = text.trim() === '';
    errors[name] = rules
      .filter(({ rule }) => rule === 'required' || !empty)
      .filter(({ rule, param }) => !CHECKS[rule](text, param, values))
      .map(({ rule }) => rule);
  }
  const canSubmit = Object.values(errors).every((failed) => failed.length === 0);
  return { errors, canSubmit };
}

/** The three fields alarm rule creation needs (§3 alarm rule, §5). */
export interface AlarmRuleDraft {
  readonly target?: unknown;
  readonly targetType?: unknown;
  readonly threshold?: unknown;
}

/**
 * §5: alarm rule creation asserts target, target type and threshold are defined. null counts as
 * not defined; 0 and '' are defined (a threshold of 0 is real). Throws naming the missing fields.
 */
export function assertAlarmRuleCreatable<T extends AlarmRuleDraft>(
  draft: T,
): asserts draft is T & {
  target: NonNullable<T['target']>;
  targetType: NonNullable<T['targetType']>;
  threshold: NonNullable<T['threshold']>;
} {
  const missing = (['target', 'targetType', 'threshold'] as const).filter(
    (field) => draft[field] === undefined || draft[field] === null,
  );
  if (missing.length > 0) {
    throw new Error(`Alarm rule needs ${missing.join(', ')}`);
  }
}
