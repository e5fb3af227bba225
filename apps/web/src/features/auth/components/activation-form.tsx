import { Button, Center, Loader, Stack, TextInput } from '@mantine/core';
import {
  NAME_MAX_LENGTH,
  ACTIVATION_FAILED,
  ACTIVATION_NETWORK_ERROR,
  ACTIVATION_SUCCESS,
  ACTIVATION_TOKEN_INVALID,
  ACTIVATION_TOKEN_MISSING,
  REDIRECT_AFTER_ACTIVATION_MS,
  validateActivation,
  type ActivationForm as ActivationFields,
} from '@paddock/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { useFinishActivation } from '../api/finish-activation.ts';
import { useValidateActivation } from '../api/validate-activation.ts';
import { useDelayedAction } from '../hooks/use-delayed-action.ts';
import { FormAlert } from './form-alert.tsx';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields.tsx';

/** What the page shows above the form, if anything: the outcome so far. */
type ActivationMessage = {
  tone: 'error' | 'success';
  message: string;
  lines?: readonly string[];
};

/**
 * Account activation (§2, §5, §8). Without a token: 'Error: Activation token is missing…'. The
 * token is validated first (once `ready`, i.e. after the page cleared the session); the answer
 * prefills the name and shows the email, and a refusal reads 'Error: Invalid Activation token'
 * with the form disabled. A 204 on submit shows 'Account Activated successfully, Redirecting to
 * login' and calls `onActivated` 1 s later; a refusal shows 'Error: Activating the account
 * failed…' with the server's detail lines; no answer 'Error: Activating your account…'.
 */
export function ActivationForm({
  token,
  ready,
  onActivated,
}: {
  token: string | null;
  ready: boolean;
  onActivated: () => void;
}) {
  const { t } = useTranslation();
  const validation = useValidateActivation(token ?? '', { enabled: ready && token !== null });
  const finish = useFinishActivation();
  // null until the user types: then the validated name is shown.
  const [name, setName] = useState<string | null>(null);
  const [passwords, setPasswords] = useState<NewPasswordValues>({
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ActivationFields, string>>>({});
  useDelayedAction(finish.isSuccess, REDIRECT_AFTER_ACTIVATION_MS, onActivated);

  const checking = token !== null && !validation.isSuccess && !validation.isError;
  const outcome = activationMessage(token, validation.isError, finish);
  const disabled = token === null || !validation.isSuccess || finish.isPending || finish.isSuccess;
  const shownName = name ?? validation.data?.name ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled || token === null) return;
    const result = validateActivation({ accountName: shownName, ...passwords });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    finish.mutate({ token, password: result.value.newPassword, name: result.value.accountName });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('Activation.Title')}>
      <Stack>
        {outcome && <FormAlert {...outcome} />}
        {checking && (
          <Center>
            <Loader size="sm" aria-label={t('Activation.Checking')} />
          </Center>
        )}
        {validation.data && (
          <TextInput
            label={t('Auth.Email')}
            value={validation.data.email}
            readOnly
            variant="filled"
          />
        )}
        <TextInput
          label={t('Auth.FullName')}
          name="name"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={shownName}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.accountName ? t(errors.accountName) : undefined}
          disabled={disabled}
        />
        <NewPasswordFields
          values={passwords}
          onChange={setPasswords}
          errors={errors}
          disabled={disabled}
          strong
        />
        <Button type="submit" fullWidth disabled={disabled} loading={finish.isPending}>
          {t('Activation.Submit')}
        </Button>
      </Stack>
    </form>
  );
}

function activationMessage(
  token: string | null,
  tokenRefused: boolean,
  finish: { isSuccess: boolean; error: unknown },
): ActivationMessage | null {
  if (token === null) return { tone: 'error', message: ACTIVATION_TOKEN_MISSING };
  // §8: a 401, or no answer at all, on validation.
  if (tokenRefused) return { tone: 'error', message: ACTIVATION_TOKEN_INVALID };
  if (finish.isSuccess) return { tone: 'success', message: ACTIVATION_SUCCESS };
  if (finish.error) {
    if (!isApiError(finish.error) || finish.error.responseStatus === undefined) {
      return { tone: 'error', message: ACTIVATION_NETWORK_ERROR };
    }
    const lines = finish.error.detail?.length ? finish.error.detail : [finish.error.message];
    return { tone: 'error', message: ACTIVATION_FAILED, lines };
  }
  return null;
}
