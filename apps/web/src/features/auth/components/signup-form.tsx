import {
  INVITATION_EXPIRED,
  REDIRECT_AFTER_CLOSED_INVITATION_MS,
  REDIRECT_AFTER_SIGNUP_MS,
  SIGNUP_COMPLETED,
  SIGNUP_ERROR,
  signupCheckErrorKey,
  signupErrorKey,
  validateSignUp,
} from '@paddock/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useCompleteSignup } from '../api/complete-signup.ts';
import { useSignupStatus } from '../api/get-signup-status.ts';
import { useDelayedAction } from '../hooks/use-delayed-action.ts';
import { AccountSetupForm } from './account-setup-form.tsx';
import type { FormOutcome } from './form-alert.tsx';

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
  const status = useSignupStatus(token ?? '', { enabled: token !== null });
  const complete = useCompleteSignup();

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

  function outcome(): FormOutcome | null {
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

  return (
    <AccountSetupForm
      title="Signup.Title"
      checkingLabel="Signup.Checking"
      submitLabel="Signup.Submit"
      outcome={outcome()}
      checking={checking}
      email={status.data?.email ?? initialEmail}
      nameKey="fullName"
      inputName="fullName"
      knownName={status.data?.fullName || initialFullName}
      disabled={disabled}
      pending={complete.isPending}
      validate={validateSignUp}
      onValid={(value) => {
        if (token === null) return;
        complete.mutate(
          { token, fullName: value.fullName, newPassword: value.newPassword },
          { onSuccess: onCompleted },
        );
      }}
    />
  );
}
