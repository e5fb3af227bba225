/**
 * What the console's small number forms share (the flow limits of a zone and of a meter): each
 * field's value as NumberInput keeps it, the domain schema's refusals in the console's words at
 * their field (the schema's own messages are English), and the server's 400 at its field.
 */
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
function issueMessages(issues: readonly SchemaIssue[], t: TFunction): ReadonlyMap<string, string> {
  const messages = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!messages.has(field)) messages.set(field, issueMessage(issue, t));
  }
  return messages;
}

/** A refusal by the server: the field it names ('' for the whole form) and its reason. */
type Refusal = { field: string; message: string };

/**
 * The server's refusal of a save at the field it names ('limits.highPercent'), with its reason;
 * a refusal without a field, or another failure, is the form's (field '').
 */
function refusalOf(error: unknown, fallback: string): Refusal {
  if (error instanceof ApiError && error.status === 400 && error.field) {
    return { field: error.field, message: error.reason ?? error.message };
  }
  // Offline or no answer: the form's own words, not 'offline'.
  const answered = error instanceof ApiError && error.status !== 0;
  return { field: '', message: answered ? error.message : fallback };
}

/** A schema's safeParse result, as zod gives it. */
type Checked<Body> =
  { success: true; data: Body } | { success: false; error: { issues: readonly SchemaIssue[] } };

/** The save the form calls: a mutation of TanStack Query. */
interface Save<Body> {
  mutate(body: Body, options: { onSuccess: () => void; onError: (error: Error) => void }): void;
  readonly isPending: boolean;
}

/**
 * A number form's state: its draft, checked as typed with the domain's schema, each field's
 * message (the schema's refusal, else the server's), and the save, enabled while the draft
 * passes. A change clears the server's refusal, since it was about the values before it.
 */
export function useNumberForm<Draft extends Record<string, NumberValue>, Body>(options: {
  initial: () => Draft;
  /** Where the schema and the server name a field ('limits.highPercent'). */
  pathOf: (field: keyof Draft & string) => string;
  check: (draft: Draft) => Checked<Body>;
  save: Save<Body>;
  onSaved: () => void;
  /** The form's words when the save fails with no answer. */
  saveFailed: string;
}) {
  const { t } = useTranslation();
  const { pathOf, save } = options;
  const [draft, setDraft] = useState(options.initial);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const checked = options.check(draft);
  const messages = issueMessages(checked.success ? [] : checked.error.issues, t);
  const fieldPaths = Object.keys(draft).map(pathOf);

  return {
    /** The props of a field's NumberInput. */
    field: (field: keyof Draft & string) => ({
      value: draft[field],
      onChange: (value: NumberValue) => {
        setRefusal(null);
        setDraft((current) => ({ ...current, [field]: value }));
      },
      error:
        messages.get(pathOf(field)) ??
        (refusal?.field === pathOf(field) ? refusal.message : undefined),
    }),
    /** The server's refusal that names no field of the form: the whole form's. */
    formRefusal: refusal && !fieldPaths.includes(refusal.field) ? refusal.message : null,
    canSave: checked.success,
    saving: save.isPending,
    submit: () => {
      if (!checked.success) return;
      setRefusal(null);
      save.mutate(checked.data, {
        onSuccess: options.onSaved,
        onError: (error) => setRefusal(refusalOf(error, options.saveFailed)),
      });
    },
  };
}

/** What a number form's modal shows of the form (NumberFormModal). */
export type NumberForm = Pick<
  ReturnType<typeof useNumberForm>,
  'formRefusal' | 'canSave' | 'saving' | 'submit'
>;
