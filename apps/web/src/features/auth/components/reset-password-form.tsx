import { Button, Stack } from '@mantine/core';
import {
  REDIRECT_AFTER_ACTIVATION_MS,
  RESET_FAILED,
  RESET_NETWORK_ERROR,
  RESET_SUCCESS,
  RESET_TOKEN_MISSING,
  validateResetPassword,
  type ResetPasswordForm as ResetPasswordFields,
} from '@paddock/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { useFinishResetPassword } from '../api/finish-reset-password.ts';
import { useDelayedAction } from '../hooks/use-delayed-action.ts';
import { FormAlert } from './form-alert.tsx';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields.tsx';

/**
 * Reset password (§2, §5, §8), the page of the emailed link: a strong password entered twice.
 * Without a token: 'Error: Reset Password token is missing…', form disabled. A 204 shows
 * 'Password Reset successfully, Redirecting to login' and calls `onReset` 1 s later; a refusal
 * shows 'Error: Resetting the password failed.' with the server's message (and detail lines); no
 * answer 'Error: Resetting the password, please contact your site admin'. The server has no call
 * to check a reset token beforehand: an unknown or spent one is refused on submit.
 */
export function ResetPasswordForm({
  token,
  onReset,
}: {
  token: string | null;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const finish = useFinishResetPassword();
  const [values, setValues] = useState<NewPasswordValues>({
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ResetPasswordFields, string>>>({});
  useDelayedAction(finish.isSuccess, REDIRECT_AFTER_ACTIVATION_MS, onReset);
  const disabled = token === null || finish.isPending || finish.isSuccess;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled || token === null) return;
    const result = validateResetPassword(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    finish.mutate({ token, newPassword: result.value.newPassword });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('ResetPassword.Title')}>
      <Stack>
        {token === null && <FormAlert tone="error" message={RESET_TOKEN_MISSING} />}
        {finish.isSuccess && <FormAlert tone="success" message={RESET_SUCCESS} />}
        {finish.error && <ResetFailure error={finish.error} />}
        <NewPasswordFields
          values={values}
          onChange={setValues}
          errors={errors}
          disabled={disabled}
          strong
        />
        <Button type="submit" fullWidth disabled={disabled} loading={finish.isPending}>
          {t('ResetPassword.Submit')}
        </Button>
      </Stack>
    </form>
  );
}

function ResetFailure({ error }: { error: Error }) {
  if (!isApiError(error) || error.responseStatus === undefined) {
    return <FormAlert tone="error" message={RESET_NETWORK_ERROR} />;
  }
  return (
    <FormAlert
      tone="error"
      message={RESET_FAILED}
      lines={[error.message, ...(error.detail ?? [])]}
    />
  );
}
