import { Button, Center, Loader, Stack, TextInput } from '@mantine/core';
import {
  NAME_MAX_LENGTH,
  INVITATION_EXPIRED,
  REDIRECT_AFTER_CLOSED_INVITATION_MS,
  REDIRECT_AFTER_SIGNUP_MS,
  SIGNUP_COMPLETED,
  SIGNUP_ERROR,
  signupCheckErrorKey,
  signupErrorKey,
  validateSignUp,
  type SignUpForm as SignUpFields,
} from '@paddock/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { useCompleteSignup } from '../api/complete-signup.ts';
import { useSignupStatus } from '../api/get-signup-status.ts';
import { useDelayedAction } from '../hooks/use-delayed-action.ts';
import { FormAlert } from './form-alert.tsx';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields.tsx';

type Outcome = { tone: 'error' | 'success' | 'notice'; message: string; lines?: readonly string[] };

/**
 * Invitation sign-up (§2, §5, §8). The invitation's status is checked on load: completed or
 * revoked disables the form and calls `onDone` (to /login) after 5 s; an expired or unknown one
 * (400) reads 'Your Invitation has expired…' with the form disabled. On 'SignUp Completed' the
 * form stays disabled, `onCompleted` runs at once (the page resets the session) and `onDone`
 * 3 s later. Errors are the domain's Signup.Error keys by status, with the server's detail lines.
 */
export function SignUpForm({
  token,
  initialFullName,
  initialEmail,
  onCompleted,
  onDone,
}: {
  token: string | null;
  /** From the invitation link's query; the status answer's name wins until the user types. */
  initialFullName: string;
  initialEmail: string;
  onCompleted: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const status = useSignupStatus(token ?? '', { enabled: token !== null });
  const complete = useCompleteSignup();
  const [fullName, setFullName] = useState<string | null>(null);
  const [passwords, setPasswords] = useState<NewPasswordValues>({
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof SignUpFields, string>>>({});

  const signupStatus = status.data?.stats.signupStatus;
  const closed = signupStatus === 'completed' || signupStatus === 'revoked';
  const checkErrorKey = status.isError
    ? signupCheckErrorKey(isApiError(status.error) ? status.error.responseStatus : undefined)
    : null;
  const expired = token === null || checkErrorKey === SIGNUP_ERROR.TokenExpired;
  const checking = token !== null && status.isPending;
  const disabled = expired || checking || closed || complete.isPending || complete.isSuccess;

  useDelayedAction(closed && !complete.isSuccess, REDIRECT_AFTER_CLOSED_INVITATION_MS, onDone);
  useDelayedAction(complete.isSuccess, REDIRECT_AFTER_SIGNUP_MS, onDone);

  const shownName = fullName ?? (status.data?.fullName || initialFullName);
  const email = status.data?.email ?? initialEmail;

  function outcome(): Outcome | null {
    if (complete.isSuccess) return { tone: 'success', message: SIGNUP_COMPLETED };
    if (expired) return { tone: 'error', message: INVITATION_EXPIRED };
    if (checkErrorKey) return { tone: 'error', message: checkErrorKey };
    if (signupStatus === 'completed') return { tone: 'notice', message: 'Signup.AlreadyCompleted' };
    if (signupStatus === 'revoked') return { tone: 'error', message: 'Signup.Revoked' };
    if (complete.error) {
      const failure = isApiError(complete.error) ? complete.error : undefined;
      return {
        tone: 'error',
        message: signupErrorKey(failure?.responseStatus),
        lines: failure?.detail ?? [],
      };
    }
    return null;
  }
  const shown = outcome();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled || token === null) return;
    const result = validateSignUp({ fullName: shownName, ...passwords });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    complete.mutate(
      { token, fullName: result.value.fullName, newPassword: result.value.newPassword },
      { onSuccess: onCompleted },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('Signup.Title')}>
      <Stack>
        {shown && <FormAlert {...shown} />}
        {checking && (
          <Center>
            <Loader size="sm" aria-label={t('Signup.Checking')} />
          </Center>
        )}
        {email !== '' && (
          <TextInput label={t('Auth.Email')} value={email} readOnly variant="filled" />
        )}
        <TextInput
          label={t('Auth.FullName')}
          name="fullName"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={shownName}
          onChange={(event) => setFullName(event.currentTarget.value)}
          error={errors.fullName ? t(errors.fullName) : undefined}
          disabled={disabled}
        />
        <NewPasswordFields
          values={passwords}
          onChange={setPasswords}
          errors={errors}
          disabled={disabled}
          strong
        />
        <Button type="submit" fullWidth disabled={disabled} loading={complete.isPending}>
          {t('Signup.Submit')}
        </Button>
      </Stack>
    </form>
  );
}
