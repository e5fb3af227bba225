/**
 * The end of an alarm's or a contact's form: the failed save's message under a title naming what
 * failed, then Cancel and Save (loading while the save runs).
 */
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { errorText } from '../error-text.ts';

export function SaveFooter({
  save,
  failedTitle,
  onCancel,
}: {
  save: { readonly isError: boolean; readonly isPending: boolean; readonly error: unknown };
  failedTitle: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {save.isError && (
        <Alert color="fault" role="alert" title={failedTitle}>
          {errorText(save.error, t)}
        </Alert>
      )}
      <FormActions onCancel={onCancel}>
        <Button type="submit" loading={save.isPending}>
          {t('Common.Save')}
        </Button>
      </FormActions>
    </>
  );
}
