/**
 * What the console's small number forms share (the flow limits of a zone and of a meter): each
 * field's value as NumberInput keeps it, the domain schema's refusals in the console's words at
 * their field (the schema's own messages are English), and the server's 400 at its field.
 */
import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

/** NumberInput's value: a number, or the text typed ('' when empty). */
export type NumberValue = number | string;

/** A typed value as the schema checks it: empty or not a number is NaN, refused as "Enter a number". */
export function numberOf(value: NumberValue): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** The parts of a schema's issue read here (zod's issues have these). */
interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly inclusive?: boolean;
  readonly expected?: unknown;
}

function issueMessage(issue: SchemaIssue, t: TFunction): string {
  const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
  switch (issue.code) {
    case 'too_big':
      return issue.inclusive === false
        ? t('Form.Number.LessThan', 'Less than {{limit}}', { limit })
        : t('Form.Number.AtMost', 'At most {{limit}}', { limit });
    case 'too_small':
      return issue.inclusive === false
        ? t('Form.Number.MoreThan', 'More than {{limit}}', { limit })
        : t('Form.Number.AtLeast', 'At least {{limit}}', { limit });
    case 'invalid_type':
      return issue.expected === 'int'
        ? t('Form.Number.Whole', 'A whole number')
        : t('Form.Number.Enter', 'Enter a number');
    default:
      return issue.message;
  }
}

/** Each refused field's message by its path ('limits.highPercent'), the first issue of each. */
export function issueMessages(
  issues: readonly SchemaIssue[],
  t: TFunction,
): ReadonlyMap<string, string> {
  const messages = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!messages.has(field)) messages.set(field, issueMessage(issue, t));
  }
  return messages;
}

/**
 * The server's refusal of a save at the field it names ('limits.highPercent'), with its reason;
 * a refusal without a field, or another failure, is the form's (field '').
 */
export function refusalOf(error: unknown, fallback: string): { field: string; message: string } {
  if (error instanceof ApiError && error.status === 400 && error.field) {
    return { field: error.field, message: error.reason ?? error.message };
  }
  // Offline or no answer: the form's own words, not 'offline'.
  const answered = error instanceof ApiError && error.status !== 0;
  return { field: '', message: answered ? error.message : fallback };
}
