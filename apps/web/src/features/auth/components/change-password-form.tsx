import { Button, Stack } from '@mantine/core';
import {
  CHANGE_PASSWORD_FAILED,
  CHANGE_PASSWORD_SUCCESS,
  validateChangePassword,
  type ChangePasswordForm as ChangePasswordFields,
} from '@paddock/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password.ts';
import { FormAlert } from './form-alert.tsx';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields.tsx';
import { SupportPhones } from './support-phones.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** How the page is left: Login (external or legacy arrivals, §2) or Continue. */
export type ChangePasswordExit = 'login' | 'continue';

/**
 * Change password (§2, §5, §8): a new password of at least 6 characters, entered twice. On
 * success 'Your password has been updated successfully.' and one button, Login or Continue; on
 * failure 'Oh snap! Something went wrong!' with the support numbers. Cancel leaves the same way
 * the button would.
 */
export function ChangePasswordForm({
  exit,
  onExit,
}: {
  exit: ChangePasswordExit;
  onExit: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState<NewPasswordValues>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ChangePasswordFields, string>>>({});
  const exitLabel = exit === 'login' ? t('Login.Submit') : t('ChangePassword.Continue');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending || change.isSuccess) return;
    const result = validateChangePassword(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    change.mutate({ password: result.value.newPassword });
  }

  if (change.isSuccess) {
    return (
      <Stack>
        <FormAlert tone="success" message={CHANGE_PASSWORD_SUCCESS} />
        <Button onClick={onExit} fullWidth>
          {exitLabel}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('ChangePassword.Title')}>
      <Stack>
        {change.isError && (
          <Stack gap="xs">
            <FormAlert tone="error" message={CHANGE_PASSWORD_FAILED} />
            <SupportPhones introKey="Support.PhoneHint" />
          </Stack>
        )}
        <NewPasswordFields
          values={values}
          onChange={setValues}
          errors={errors}
          disabled={change.isPending}
          strong={false}
        />
        <FormActions onCancel={onExit}>
          <Button type="submit" loading={change.isPending}>
            {t('ChangePassword.Submit')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
