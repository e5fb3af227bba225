import { REDIRECT_AFTER_CLOSED_INVITATION_MS, REDIRECT_AFTER_SIGNUP_MS } from '@paddock/domain';
import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/render.tsx';
import { expectCalledAfter } from '../../../testing/timers.ts';
import { renderWithAnswers, sendNewPassword, STRONG } from '../testing.tsx';
import { SignUpForm } from './signup-form.tsx';

const EXPIRED =
  'Your Invitation has expired. Please contact your site administrator to recieve a new invite.';

function status(signupStatus: string, fullName = 'Ana Ruiz') {
  return jsonResponse(200, {
    stats: { signupStatus },
    email: 'ana@farm.example',
    fullName,
    siteId: 4,
  });
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

function setup(token: string | null, ...answers: (Response | Error)[]) {
  const onCompleted = vi.fn();
  const onDone = vi.fn();
  const form = (
    <SignUpForm
      token={token}
      initialFullName="Ana from the link"
      initialEmail="ana@farm.example"
      onCompleted={onCompleted}
      onDone={onDone}
    />
  );
  return { ...renderWithAnswers(form, answers), onCompleted, onDone };
}

const submitButton = () => screen.getByRole('button', { name: 'Sign up' });
const fill = (user: UserEvent, password?: string, again?: string) =>
  sendNewPassword(user, 'Sign up', password, again);

describe('invitation sign-up form (§2, §5, §8)', () => {
  it('without a token reads as an expired invitation and calls nothing', () => {
    const { calls } = setup(null);
    expect(screen.getByRole('alert').textContent).toBe(EXPIRED);
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it.each([400, 404])(
    'a %i on the status check is an expired invitation, form disabled',
    async (code) => {
      const { calls, onDone } = setup('s1', jsonResponse(code, { message: 'expired' }));
      expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED);
      expect(calls[0]?.url).toBe('/api/users/sign-up/status?token=s1');
      expect(submitButton().hasAttribute('disabled')).toBe(true);
      act(() => vi.advanceTimersByTime(10_000));
      expect(onDone).not.toHaveBeenCalled();
    },
  );

  it('another failure of the check shows its Signup.Error text and leaves the form usable', async () => {
    setup('s1', jsonResponse(500, { message: 'boom' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-up failed. Please try again later.',
    );
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it.each([
    ['completed', 'This invitation has already been accepted.'],
    ['revoked', 'This invitation has been withdrawn.'],
  ])('a %s invitation disables the form and goes to login after 5 s', async (state, text) => {
    const { onDone } = setup('s1', status(state));
    expect(await screen.findByText(new RegExp(text))).toBeTruthy();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expectCalledAfter(onDone, REDIRECT_AFTER_CLOSED_INVITATION_MS);
  });

  it('an open invitation prefills the name and email from the check', async () => {
    setup('s1', status('resent'));
    expect(await screen.findByDisplayValue('Ana Ruiz')).toBeTruthy();
    expect(screen.getByDisplayValue('ana@farm.example')).toBeTruthy();
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('checks the name, strong password and confirmation', async () => {
    const { user, calls } = setup('s1', status('sent'));
    await screen.findByDisplayValue('Ana Ruiz');
    await user.clear(screen.getByLabelText('Full name'));
    await fill(user, 'Harvest', 'Harvest#');
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Password does not meet all the password rules')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("completes: 'SignUp Completed', form disabled, session reset, login after 3 s", async () => {
    const { user, calls, onCompleted, onDone } = setup(
      's1',
      status('sent'),
      jsonResponse(200, { status: 'completed' }),
    );
    await screen.findByDisplayValue('Ana Ruiz');
    await fill(user);
    expect((await screen.findByRole('status')).textContent).toBe('SignUp Completed');
    expect(calls[1]?.url).toBe('/api/users/sign-up/complete');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      token: 's1',
      fullName: 'Ana Ruiz',
      newPassword: STRONG,
    });
    expect(onCompleted).toHaveBeenCalledOnce();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(calls).toHaveLength(2);
    expectCalledAfter(onDone, REDIRECT_AFTER_SIGNUP_MS);
  });

  it.each([
    [400, 'The sign-up was not accepted.'],
    [404, 'This invitation could not be found'],
    [500, 'Sign-up failed.'],
  ])('a %i on complete shows its Signup.Error text', async (code, text) => {
    const { user, onCompleted } = setup(
      's1',
      status('sent'),
      jsonResponse(code, { message: 'no', detail: code === 400 ? ['An upper-case letter'] : [] }),
    );
    await screen.findByDisplayValue('Ana Ruiz');
    await fill(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    if (code === 400) expect(alert.textContent).toContain('An upper-case letter');
    expect(onCompleted).not.toHaveBeenCalled();
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('no answer on complete reads as no connection', async () => {
    const { user } = setup('s1', status('sent'), new TypeError('Failed to fetch'));
    await screen.findByDisplayValue('Ana Ruiz');
    await fill(user);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No connection to the server.',
    );
  });
});
