import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { FORGOT_PASSWORD_USER_NOT_FOUND, validateForgotPassword } from '@paddock/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeginResetPassword } from '../api/begin-reset-password.ts';

/**
 * Forgot password (§2, §5, §8), in the login page's modal and on /recoverpassword: an email
 * address, validated; on an ok answer a check-inbox message and the Send button goes; on failure
 * 'Sorry. We could not find the user in our system.' The email asks for our own reset page
 * (legacy false).
 */
export function ForgotPasswordForm({
  initialEmail = '',
  closeLabel,
  onClose,
  autoFocus = false,
}: {
  initialEmail?: string;
  /** The label of the button beside Send (Close in the modal, Back to login on the page). */
  closeLabel: string;
  onClose: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const begin = useBeginResetPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateForgotPassword({ email });
    if (!result.ok) {
      setError(result.errors.email ?? null);
      return;
    }
    setError(null);
    begin.mutate({ email: result.value.email, legacy: false });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('ForgotPassword.Title')}>
      <Stack>
        <Text size="sm">{t('ForgotPassword.Intro')}</Text>
        <TextInput
          label={t('ForgotPassword.Email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error ? t(error) : undefined}
          disabled={begin.isSuccess}
          autoFocus={autoFocus}
          data-autofocus
        />
        {begin.isSuccess && (
          <Alert color="green" role="status">
            {t('ForgotPassword.CheckInbox')}
          </Alert>
        )}
        {begin.isError && (
          <Alert color="red" role="alert">
            {t(FORGOT_PASSWORD_USER_NOT_FOUND)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {closeLabel}
          </Button>
          {!begin.isSuccess && (
            <Button type="submit" loading={begin.isPending}>
              {t('ForgotPassword.Send')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
