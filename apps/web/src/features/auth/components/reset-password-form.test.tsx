import { REDIRECT_AFTER_ACTIVATION_MS } from '@paddock/domain';
import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/render.tsx';
import { expectCalledAfter } from '../../../testing/timers.ts';
import { renderWithAnswers, sendNewPassword, STRONG } from '../testing.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

function setup(token: string | null, ...answers: (Response | Error)[]) {
  const onReset = vi.fn();
  const form = <ResetPasswordForm token={token} onReset={onReset} />;
  return { ...renderWithAnswers(form, answers), onReset };
}

const submitButton = () => screen.getByRole('button', { name: 'Reset password' });
const fill = (user: UserEvent, password?: string, again?: string) =>
  sendNewPassword(user, 'Reset password', password, again);

describe('reset password form (§2, §5, §8)', () => {
  it('without a token says so and disables the form', () => {
    setup(null);
    expect(screen.getByRole('alert').textContent).toBe(
      'Error: Reset Password token is missing, please contact your site admin.',
    );
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect((screen.getByLabelText('New password') as HTMLInputElement).disabled).toBe(true);
  });

  it('needs a strong password and the same again', async () => {
    const { user, calls } = setup('r1');
    await fill(user, 'short', 'shorter');
    expect(await screen.findByText('Password does not meet all the password rules')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('on 204 shows the success and goes on after 1 s', async () => {
    const { user, calls, onReset } = setup('r1', jsonResponse(204));
    await fill(user);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Password Reset successfully, Redirecting to login',
    );
    expect(calls[0]?.url).toBe('/api/login/reset-password/finish');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ token: 'r1', newPassword: STRONG });
    expect(calls[0]?.init?.headers).not.toHaveProperty('authorization');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expectCalledAfter(onReset, REDIRECT_AFTER_ACTIVATION_MS);
  });

  it('a refusal shows the failure with the server message', async () => {
    const { user, onReset } = setup(
      'r1',
      jsonResponse(401, {
        message: 'This password reset link is invalid, has been used or has expired.',
      }),
    );
    await fill(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Error: Resetting the password failed.This password reset link is invalid, has been used or has expired.',
    );
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    act(() => vi.advanceTimersByTime(2000));
    expect(onReset).not.toHaveBeenCalled();
  });

  it('no answer reads Resetting the password, please contact your site admin', async () => {
    const { user } = setup('r1', new TypeError('Failed to fetch'));
    await fill(user);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Error: Resetting the password, please contact your site admin',
      ),
    );
  });
});
