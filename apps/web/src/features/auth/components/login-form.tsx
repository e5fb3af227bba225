import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  EMAIL_MAX_LENGTH,
  loginErrorKey,
  PASSWORD_MAX_LENGTH,
  validateLogin,
  type LoginForm as LoginFields,
} from '@paddock/domain';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { useLoadingDots } from '../../../lib/use-loading-dots.ts';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';

export interface LoginSubmission extends LoginFields {
  /** §3 rememberUser 0 or 1. */
  readonly rememberUser: 0 | 1;
}

/**
 * The login form (§2 Login, §5, §8): account name, password, remember-me, and forgot-password.
 * Fields are trimmed and required; while signing in the button reads 'in progress' with cycling
 * dots; a failure shows its status's Login.Error key in a danger alert. The server answers an
 * unknown account as it answers a wrong password (401), so both read Login.Error.PasswordInvalid
 * and the form names no accounts; the 404 key stays for the spec's mapping.
 */
export function LoginForm({
  lastUser,
  notice,
  onLogin,
}: {
  /** The remembered login id (§5), prefilled with remember-me on. */
  lastUser: string | null;
  /** A message to show before the first attempt, e.g. why the last session ended. */
  notice?: string;
  /** Signs in; rejects with the API error on failure. */
  onLogin: (submission: LoginSubmission) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    accountName: lastUser ?? '',
    password: '',
    rememberUser: lastUser ? 1 : 0,
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof LoginFields, string>>>({});
  const [error, setError] = useState<string | null>(notice ?? null);
  const [pending, setPending] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const dots = useLoadingDots(pending);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const result = validateLogin(values);
    if (!result.ok) {
      setFieldErrors(result.errors);
      return;
    }
    setFieldErrors({});
    setError(null);
    setPending(true);
    try {
      await onLogin({ ...result.value, rememberUser: values.rememberUser === 1 ? 1 : 0 });
    } catch (failure) {
      setError(loginErrorKey(isApiError(failure) ? failure.responseStatus : undefined));
      setPending(false);
    }
  }

  /** The name, value, change handler and error of one of the two text fields. */
  function textField(name: keyof LoginFields) {
    const message = fieldErrors[name];
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      },
      error: message ? t(message) : undefined,
    };
  }

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={t('Login.Title')}>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          <TextInput
            label={t('Login.AccountName')}
            autoComplete="username"
            autoFocus={!lastUser}
            maxLength={EMAIL_MAX_LENGTH}
            {...textField('accountName')}
          />
          <PasswordInput
            label={t('Login.Password')}
            autoComplete="current-password"
            autoFocus={Boolean(lastUser)}
            maxLength={PASSWORD_MAX_LENGTH}
            {...textField('password')}
          />
          <Group justify="space-between" wrap="wrap">
            <Checkbox
              label={t('Login.RememberMe')}
              name="rememberUser"
              checked={values.rememberUser === 1}
              onChange={(event) => {
                const rememberUser = event.currentTarget.checked ? 1 : 0;
                setValues((current) => ({ ...current, rememberUser }));
              }}
            />
            <Anchor component="button" type="button" size="sm" onClick={() => setForgotOpen(true)}>
              {t('Login.ForgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth aria-busy={pending} data-pending={pending || undefined}>
            {pending ? `${t('Login.InProgress')}${dots}` : t('Login.Submit')}
          </Button>
        </Stack>
      </form>
      <ForgotPasswordModal
        key={String(forgotOpen)}
        opened={forgotOpen}
        onClose={() => setForgotOpen(false)}
        initialEmail={values.accountName.includes('@') ? values.accountName.trim() : ''}
      />
    </>
  );
}
