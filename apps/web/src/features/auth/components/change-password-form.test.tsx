import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAuth } from '../../../lib/auth-storage.ts';
import { jsonResponse, tokenSet } from '../../../testing/render.tsx';
import { renderWithAnswers, sendNewPassword } from '../testing.tsx';
import { ChangePasswordForm, type ChangePasswordExit } from './change-password-form.tsx';

beforeEach(() => {
  localStorage.clear();
  writeAuth(tokenSet());
});

function setup(exit: ChangePasswordExit, ...answers: (Response | Error)[]) {
  const onExit = vi.fn();
  const form = <ChangePasswordForm exit={exit} onExit={onExit} />;
  return { ...renderWithAnswers(form, answers), onExit };
}

const fill = (user: UserEvent, password: string, again?: string) =>
  sendNewPassword(user, 'Change password', password, again);

describe('change password form (§2, §5, §8)', () => {
  it('refuses fewer than 6 characters in either field (Login.Error.InvalidLength)', async () => {
    const { user, calls } = setup('continue');
    await fill(user, 'abcde');
    expect(
      await screen.findAllByText('The password must be at least 6 characters long.'),
    ).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('refuses a re-entry that does not match (Login.Error.NotSame)', async () => {
    const { user, calls } = setup('continue');
    await fill(user, 'abcdef', 'abcdeg');
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(screen.queryByText('The password must be at least 6 characters long.')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('sends the password; on success shows the message and Continue', async () => {
    const { user, calls, onExit } = setup('continue', jsonResponse(204));
    await fill(user, 'secret1');
    expect(await screen.findByText('Your password has been updated successfully.')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/user/change-password');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ password: 'secret1' });
    expect((calls[0]?.init?.headers as Record<string, string>).authorization).toBe(
      'Bearer access-1',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onExit).toHaveBeenCalledOnce();
  });

  it('offers Login instead of Continue to external and legacy arrivals', async () => {
    const { user, onExit } = setup('login', jsonResponse(204));
    await fill(user, 'secret1');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(onExit).toHaveBeenCalledOnce();
  });

  it.each([
    ['a server error', jsonResponse(500, { message: 'boom' })],
    ['no connection', new TypeError('Failed to fetch')],
  ])('on %s says Oh snap with the support numbers, and can try again', async (_why, answer) => {
    const { user } = setup('continue', answer, jsonResponse(204));
    await fill(user, 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe('Oh snap! Something went wrong!');
    expect(screen.getByRole('link', { name: '0800 723 362' }).getAttribute('href')).toBe(
      'tel:+64800723362',
    );
    expect(screen.getByRole('link', { name: '1800 723 362' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been updated successfully.')).toBeTruthy();
  });

  it('Cancel leaves the way the page would after a change', async () => {
    const { user, onExit, calls } = setup('login');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onExit).toHaveBeenCalledOnce();
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});
