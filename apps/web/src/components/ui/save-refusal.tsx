/**
 * Why the server refused a form's save, shown where it belongs: under the field its answer names
 * (§8: status, message and field), else above the form's buttons. A save that never reached the
 * server (status 0) is told in the form's own words.
 */
import { Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';

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

/** `fields` are the form's own; `failed` its words for a save that got no answer. */
export function useSaveRefusal<Field extends string>(fields: readonly Field[], failed: string) {
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

/** A refusal that names none of the form's fields, above its buttons. */
export function FormRefusal({ refusal }: { refusal: Refusal<string> | null }) {
  if (!refusal || refusal.field !== null) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {refusal.message}
    </Text>
  );
}
