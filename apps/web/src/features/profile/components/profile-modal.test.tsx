import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import * as notifyModule from '../../../lib/notify.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import { ProfileModal } from './profile-modal.tsx';

const contact = {
  id: 7,
  site: 1,
  name: 'Aroha Ngata',
  company: 'Te Awa Wines Ltd',
  locale: 'en-NZ',
  login: 'admin@demo.paddock.example',
  notifications: [
    { id: 1, method: 'email', address: 'aroha@example.com', afterhours: false, active: true },
  ],
};

afterEach(() => vi.restoreAllMocks());

function setup(...answers: Parameters<typeof scriptedFetch>) {
  const network = scriptedFetch(...answers);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  const onClose = vi.fn();
  const notify = vi.spyOn(notifyModule, 'notify').mockReturnValue('id');
  const view = renderWithProviders(
    <ProfileModal opened onClose={onClose} siteId={1} country="nz" productName="Paddock" />,
  );
  return { ...view, network, onClose, notify };
}

describe('§2 My Profile (§5 rules, §8 messages)', () => {
  it("loads the user's contact on the current site", async () => {
    const { network } = setup(jsonResponse(200, contact));
    expect(await screen.findByDisplayValue('Aroha Ngata')).toBeTruthy();
    expect(network.calls[0]?.url).toBe('/api/user/contact?site=1');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('aroha@example.com');
  });

  it('shows errors once a field is touched', async () => {
    const { user } = setup(jsonResponse(200, contact));
    const sms = await screen.findByLabelText('Mobile (text messages)');
    expect(
      screen.queryByText('Please enter a valid New Zealand or Australian mobile number.'),
    ).toBeNull();
    await user.type(sms, '+44 7700 900123');
    expect(
      screen.getByText('Please enter a valid New Zealand or Australian mobile number.'),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Name/));
    expect(screen.getByText('Please enter your name.')).toBeTruthy();
  });

  it('does not save an invalid form; shows every error on Save', async () => {
    const { user, network } = setup(jsonResponse(200, { ...contact, name: 'A' }));
    await screen.findByDisplayValue('A');
    await user.type(screen.getByLabelText('Phone (voice calls)'), '12');
    await user.clear(screen.getByLabelText(/^Name/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('Please enter a valid New Zealand or Australian phone number.'),
    ).toBeTruthy();
    expect(network.calls).toHaveLength(1);
  });

  it('saves trimmed values, says Saving… meanwhile, then notifies success and closes', async () => {
    let release: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const { user, network, notify, onClose } = setup(
      jsonResponse(200, contact),
      () => pending as unknown as Response,
    );
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, '  Aroha  ');
    await user.type(screen.getByLabelText('Mobile (text messages)'), ' 021 555 0142 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeTruthy();
    expect(network.calls[1]?.url).toBe('/api/contacts/7');
    expect(JSON.parse(String(network.calls[1]?.init?.body))).toMatchObject({
      id: 7,
      name: 'Aroha',
      site: 1,
      notifications: [
        { id: 1, method: 'email', address: 'aroha@example.com' },
        { method: 'sms', address: '+64215550142', active: true },
      ],
    });
    release(jsonResponse(200, { ...contact, name: 'Aroha' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        level: 'info',
        message: 'Your contact details have been updated.',
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it.each([
    [
      jsonResponse(400, { message: 'notifications.0.address: bad' }),
      'notifications.0.address: bad',
    ],
    [new TypeError('Failed to fetch'), 'An Error has occurred'],
  ])('a failed save shows Contact.UpdateFailed with %s', async (failure, message) => {
    const { user, notify, onClose } = setup(jsonResponse(200, contact), failure);
    await screen.findByDisplayValue('Aroha Ngata');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        level: 'error',
        title: 'Your contact details could not be updated',
        message,
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('without a contact on a valid site shows the support message', async () => {
    setup(jsonResponse(404, { message: 'Contact not found' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An Error has occurred, please contact Paddock support',
    );
  });
});
