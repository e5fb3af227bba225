import {
  ACTIVATION_FAILED,
  ACTIVATION_NETWORK_ERROR,
  ACTIVATION_SUCCESS,
  ACTIVATION_TOKEN_INVALID,
  ACTIVATION_TOKEN_MISSING,
  REDIRECT_AFTER_ACTIVATION_MS,
  validateActivation,
} from '@paddock/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useFinishActivation } from '../api/finish-activation.ts';
import { useValidateActivation } from '../api/validate-activation.ts';
import { useDelayedAction } from '../hooks/use-delayed-action.ts';
import { AccountSetupForm } from './account-setup-form.tsx';
import type { FormOutcome } from './form-alert.tsx';

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
  const validation = useValidateActivation(token ?? '', { enabled: ready && token !== null });
  const finish = useFinishActivation();
  useDelayedAction(finish.isSuccess, REDIRECT_AFTER_ACTIVATION_MS, onActivated);

  return (
    <AccountSetupForm
      title="Activation.Title"
      checkingLabel="Activation.Checking"
      submitLabel="Activation.Submit"
      outcome={activationMessage(token, validation.isError, finish)}
      checking={token !== null && !validation.isSuccess && !validation.isError}
      email={validation.data?.email ?? ''}
      nameKey="accountName"
      inputName="name"
      knownName={validation.data?.name ?? ''}
      disabled={token === null || !validation.isSuccess || finish.isPending || finish.isSuccess}
      pending={finish.isPending}
      validate={validateActivation}
      onValid={(value) => {
        if (token === null) return;
        finish.mutate({ token, password: value.newPassword, name: value.accountName });
      }}
    />
  );
}

function activationMessage(
  token: string | null,
  tokenRefused: boolean,
  finish: { isSuccess: boolean; error: unknown },
): FormOutcome | null {
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
