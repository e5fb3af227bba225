/**
 * Why the server refused a form's save, shown where it belongs: under the field its answer names
 * (§8: status, message and field), else above the form's buttons. A save that never reached the
 * server (status 0) is told in the form's own words. A form checked with the domain's schema
 * before it is sent (which the server runs too) shows the schema's issues at the same fields.
 */
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { FormActions } from './form-actions.tsx';

type Refusal<Field extends string> = { field: Field | null; message: string };

/** The form's field an answer names ('events.0' is the events'), or null when none of `fields`. */
function fieldOf<Field extends string>(
  fields: readonly Field[],
  field: string | undefined,
): Field | null {
  const top = field?.split('.')[0];
  return fields.find((each) => each === top) ?? null;
}

/** What the server answered a refused save, or `failed` when the save got no answer. */
export function refusalMessage(error: unknown, failed: string): string {
  return isApiError(error) && error.status !== 0 ? error.message : failed;
}

/**
 * The server's reason for refusing (a refused name, no permission), else its message; `failed`
 * when the call got no answer (offline).
 */
export function refusalReason(error: unknown, failed: string): string {
  return isApiError(error) && error.status !== 0 ? (error.reason ?? error.message) : failed;
}

/** `fields` are the form's own; `failed` its words for a save that got no answer. */
function useSaveRefusal<Field extends string>(fields: readonly Field[], failed: string) {
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  return {
    refusal,
    clear: () => setRefusal(null),
    take: (error: unknown) => {
      const answered = isApiError(error) && error.status !== 0;
      setRefusal({
        field: answered ? fieldOf(fields, error.field) : null,
        message: refusalMessage(error, failed),
      });
    },
    /** The refusal's message when it names `field`. */
    messageOf: (field: Field) => (refusal?.field === field ? refusal.message : undefined),
  };
}

/** A form's values as the domain's schema judged them (zod's safeParse). */
type Checked<Body> =
  | { success: true; data: Body }
  | {
      success: false;
      error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
    };

/**
 * A form checked with the domain's schema and saved to the server. No field shows an issue before
 * the first submit; then a field shows the server's refusal of it, else the schema's issue there
 * in the form's words (`issueText`: the schema's are English only). `submit` saves only a valid
 * form, and keeps a refusal.
 */
export function useCheckedSave<Field extends string, Body>(options: {
  fields: readonly Field[];
  /** The form's words for a save that got no answer. */
  failed: string;
  checked: Checked<Body>;
  issueText: (field: Field, message: string) => string;
  save: (body: Body) => Promise<void>;
}) {
  const { checked } = options;
  const [submitted, setSubmitted] = useState(false);
  const refusal = useSaveRefusal(options.fields, options.failed);
  return {
    refusal: refusal.refusal,
    fieldError: (field: Field): string | undefined => {
      const refused = refusal.messageOf(field);
      if (refused !== undefined) return refused;
      if (!submitted || checked.success) return undefined;
      const issue = checked.error.issues.find((each) => each.path[0] === field);
      return issue ? options.issueText(field, issue.message) : undefined;
    },
    submit: async () => {
      setSubmitted(true);
      refusal.clear();
      if (!checked.success) return;
      try {
        await options.save(checked.data);
      } catch (error) {
        refusal.take(error);
      }
    },
  };
}

/** A refusal that names none of the form's fields, above its buttons. */
function FormRefusal({ refusal }: { refusal: Refusal<string> | null }) {
  if (!refusal || refusal.field !== null) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {refusal.message}
    </Text>
  );
}

/**
 * The end of a form saved with useCheckedSave: its refusal that names none of its fields, then
 * Cancel and Save (loading while the save runs).
 */
export function CheckedSaveFooter({
  form,
  saving,
  onCancel,
}: {
  form: { readonly refusal: Refusal<string> | null };
  saving: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormRefusal refusal={form.refusal} />
      <FormActions onCancel={onCancel} mt="sm">
        <Button type="submit" loading={saving}>
          {t('Common.Save')}
        </Button>
      </FormActions>
    </>
  );
}
