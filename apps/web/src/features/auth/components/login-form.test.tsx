import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { LoginForm } from './login-form.tsx';

function setup(
  onLogin = vi.fn(async (): Promise<void> => undefined),
  lastUser: string | null = null,
) {
  const view = renderWithProviders(<LoginForm lastUser={lastUser} onLogin={onLogin} />);
  return { ...view, onLogin };
}

describe('login form (§2, §5, §8)', () => {
  it('requires account name and password before calling', async () => {
    const { user, onLogin } = setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Account name is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('submits trimmed values and remember-me as 0 or 1', async () => {
    const { user, onLogin } = setup();
    await user.type(screen.getByLabelText('Account name'), '  admin@demo.paddock.example ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledWith({
      accountName: 'admin@demo.paddock.example',
      password: 'secret',
      rememberUser: 1,
    });
  });

  it('prefills the remembered user with remember-me on', () => {
    setup(undefined, 'monitor@demo.paddock.example');
    expect((screen.getByLabelText('Account name') as HTMLInputElement).value).toBe(
      'monitor@demo.paddock.example',
    );
    expect((screen.getByLabelText('Remember me') as HTMLInputElement).checked).toBe(true);
  });

  it.each([
    [new ApiError(400, 'bad'), 'The sign-in request was not valid'],
    [new ApiError(401, 'wrong'), 'The account name or password is incorrect.'],
    [new ApiError(403, 'denied'), 'Access denied.'],
    [new ApiError(404, 'unknown'), 'We could not find an account with that name.'],
    [new ApiError(500, 'boom'), 'Sign-in failed. Please try again later.'],
    [new ApiError(0, 'offline'), 'No connection to the server.'],
  ])('shows %s as its Login.Error text in a danger alert', async (error, text) => {
    const { user } = setup(vi.fn(async () => Promise.reject(error)));
    await user.type(screen.getByLabelText('Account name'), 'someone');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text));
  });

  it("reads 'In progress' while signing in", async () => {
    let finish: () => void = () => undefined;
    const { user } = setup(vi.fn(() => new Promise<void>((resolve) => (finish = resolve))));
    await user.type(screen.getByLabelText('Account name'), 'someone');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: /^In progress/ })).toBeTruthy();
    finish();
  });
});
