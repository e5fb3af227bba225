/**
 * Test helpers of the auth feature: a form rendered with the API answering from a script, and a
 * new password typed into it and sent, as the password forms (§5) ask.
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { configureApiClient } from '../../lib/api-client.ts';
import { renderWithProviders, scriptedFetch } from '../../testing/render.tsx';

/** A password that meets the four strong-password rules. */
export const STRONG = 'Harvest#2026';

/** Renders `ui` with the API client answering each call from `answers` in turn. */
export function renderWithAnswers(ui: ReactElement, answers: (Response | Error)[]) {
  const network = scriptedFetch(...answers);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  return { ...renderWithProviders(ui), calls: network.calls };
}

/** Types the new password and its re-entry, then presses the submit button named `submit`. */
export async function sendNewPassword(
  user: UserEvent,
  submit: string,
  password = STRONG,
  again = password,
) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), again);
  await user.click(screen.getByRole('button', { name: submit }));
}
