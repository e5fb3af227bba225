import { REDIRECT_AFTER_ACTIVATION_MS } from '@paddock/domain';
import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import { expectCalledAfter } from '../../../testing/timers.ts';
import { renderWithAnswers, sendNewPassword, STRONG } from '../testing.tsx';
import { ActivationForm } from './activation-form.tsx';

const valid = { status: 'valid', message: null, email: 'ana@farm.example', name: 'Ana Ruiz' };

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

function setup(token: string | null, ...answers: (Response | Error)[]) {
  const onActivated = vi.fn();
  const form = <ActivationForm token={token} ready onActivated={onActivated} />;
  return { ...renderWithAnswers(form, answers), onActivated };
}

const submitButton = () => screen.getByRole('button', { name: 'Activate account' });
const fill = (user: UserEvent, password?: string, again?: string) =>
  sendNewPassword(user, 'Activate account', password, again);

describe('account activation form (§2, §5, §8)', () => {
  it('without a token says so, disables the form and calls nothing', () => {
    const { calls } = setup(null);
    expect(screen.getByRole('alert').textContent).toBe(
      'Error: Activation token is missing, please contact your site admin.',
    );
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('waits until the page is ready before validating', () => {
    const network = scriptedFetch();
    configureApiClient({ baseUrl: '/api', fetch: network.fetch });
    renderWithProviders(<ActivationForm token="t1" ready={false} onActivated={vi.fn()} />);
    expect(network.calls).toHaveLength(0);
    expect(submitButton().hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['a 401', jsonResponse(401, { message: 'Invalid Activation token' })],
    ['no connection', new TypeError('Failed to fetch')],
  ])(
    'a token refused with %s reads Invalid Activation token, form disabled',
    async (_why, answer) => {
      const { calls } = setup('t1', answer);
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Error: Invalid Activation token',
      );
      expect(submitButton().hasAttribute('disabled')).toBe(true);
      expect((screen.getByLabelText('Full name') as HTMLInputElement).disabled).toBe(true);
      expect(calls[0]?.url).toBe('/api/login/account-activation/validate');
      expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ token: 't1' });
    },
  );

  it('a valid token prefills the name and shows the email', async () => {
    setup('t1', jsonResponse(200, valid));
    expect(await screen.findByDisplayValue('ana@farm.example')).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ana Ruiz');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('checks name, strong password and confirmation before sending', async () => {
    const { user, calls } = setup('t1', jsonResponse(200, valid));
    await screen.findByDisplayValue('Ana Ruiz');
    await user.clear(screen.getByLabelText('Full name'));
    await fill(user, 'weakpass', 'other');
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Password does not meet all the password rules')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('ticks off the four strong-password rules as they are met', async () => {
    const { user } = setup('t1', jsonResponse(200, valid));
    await screen.findByDisplayValue('Ana Ruiz');
    const met = () =>
      [...document.querySelectorAll('[data-rule][data-met]')].map((item) =>
        item.getAttribute('data-rule'),
      );
    expect(met()).toEqual([]);
    await user.type(screen.getByLabelText('New password'), 'harvest');
    expect(met()).toEqual(['lowerCase']);
    await user.type(screen.getByLabelText('New password'), 'H#');
    expect(met()).toEqual(['minLength', 'lowerCase', 'upperCase', 'digitOrSymbol']);
  });

  it('on 204 shows the success, disables the form and goes on after 1 s', async () => {
    const { user, calls, onActivated } = setup('t1', jsonResponse(200, valid), jsonResponse(204));
    await screen.findByDisplayValue('Ana Ruiz');
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), '  Ana María Ruiz ');
    await fill(user);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Account Activated successfully, Redirecting to login',
    );
    expect(calls[1]?.url).toBe('/api/login/account-activation/finish');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      token: 't1',
      password: STRONG,
      name: 'Ana María Ruiz',
    });
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expectCalledAfter(onActivated, REDIRECT_AFTER_ACTIVATION_MS);
  });

  it('a refusal shows the failure with the detail lines', async () => {
    const { user, onActivated } = setup(
      't1',
      jsonResponse(200, valid),
      jsonResponse(400, {
        message: 'Password does not meet all the password rules',
        detail: ['An upper-case letter', 'A number or a symbol'],
      }),
    );
    await screen.findByDisplayValue('Ana Ruiz');
    await fill(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Error: Activating the account failed, please contact your site admin.',
    );
    expect(alert.textContent).toContain('An upper-case letter');
    expect(alert.textContent).toContain('A number or a symbol');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    act(() => vi.advanceTimersByTime(5000));
    expect(onActivated).not.toHaveBeenCalled();
  });

  it('no answer on submit reads Activating your account', async () => {
    const { user } = setup('t1', jsonResponse(200, valid), new TypeError('Failed to fetch'));
    await screen.findByDisplayValue('Ana Ruiz');
    await fill(user);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Error: Activating your account, please contact your site admin',
      ),
    );
  });
});
