/**
 * The modal of a small number form (useNumberForm): its fields, then the server's refusal that
 * names none of them, then Cancel and Save, enabled while the draft passes the schema.
 */
import { Alert, Button, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NumberForm } from '../../lib/number-form.ts';
import { FormActions } from './form-actions.tsx';
import { StackedForm } from './stacked-form.tsx';

export function NumberFormModal({
  title,
  form,
  onClose,
  children,
}: {
  title: string;
  form: NumberForm;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title}>
      <StackedForm onSubmit={form.submit}>
        {children}
        {form.formRefusal !== null && (
          <Alert color="fault" role="alert">
            {form.formRefusal}
          </Alert>
        )}
        <FormActions onCancel={onClose}>
          <Button type="submit" loading={form.saving} disabled={!form.canSave}>
            {t('Common.Save')}
          </Button>
        </FormActions>
      </StackedForm>
    </Modal>
  );
}
