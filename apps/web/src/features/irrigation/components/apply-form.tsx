/**
 * What every program edit form shares: Apply saves with PUT programs (the caller's onApply), the
 * form shows Saving… and keeps the server's refusal in view, and closes once the edit is saved.
 */
import { Alert, Button } from '@mantine/core';
import type { ProgramUpdateBody } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions.tsx';

export function useApplyForm(
  onApply: (body: ProgramUpdateBody) => Promise<string | null>,
  onClose: () => void,
) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (body: ProgramUpdateBody) => {
    setSaving(true);
    setFailure(null);
    const error = await onApply(body);
    setSaving(false);
    if (error === null) onClose();
    else setFailure(error);
  };
  // The footer shows the save's progress and refusal, and its Cancel closes the form.
  const footer = { failure, saving, onCancel: onClose };
  return { footer, setFailure, submit };
}

/** The refusal (if any), then Cancel and Apply. */
export function ApplyFooter({
  failure,
  saving,
  disabled = false,
  onCancel,
  onApply,
}: {
  failure: string | null;
  saving: boolean;
  disabled?: boolean;
  onCancel: () => void;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failure && (
        <Alert color="fault" role="alert">
          {failure}
        </Alert>
      )}
      <FormActions onCancel={onCancel}>
        <Button onClick={onApply} loading={saving} disabled={disabled}>
          {t('Irrigation.Apply')}
        </Button>
      </FormActions>
    </>
  );
}
