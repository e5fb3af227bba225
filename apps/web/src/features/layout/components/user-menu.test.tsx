import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { UserMenu, type UserMenuProps } from './user-menu.tsx';

function setup(overrides: Partial<UserMenuProps> = {}) {
  const props: UserMenuProps = {
    userName: 'Aroha Ngata',
    updatePending: false,
    onApplyUpdate: vi.fn(),
    onOpenProfile: vi.fn(),
    siteCount: 1,
    privileges: ['view'],
    onSwitchUser: vi.fn(),
    supportUrl: 'https://support.example.com/faq',
    onLogout: vi.fn(),
    ...overrides,
  };
  return { ...renderWithProviders(<UserMenu {...props} />), props };
}

// happy-dom never finishes Mantine's opening transition, so the dropdown stays display:none there.
const hidden = { hidden: true } as const;
const items = async () =>
  (await screen.findAllByRole('menuitem', hidden)).map((item) => item.textContent);
const item = (name: string) => screen.getByRole('menuitem', { name, ...hidden });

describe('§2 user menu', () => {
  it('lists name, Change Password, Support and Logout', async () => {
    const { user, props } = setup();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await items()).toEqual(['Aroha Ngata', 'Change Password', 'Support', 'Logout']);
    expect(item('Support').getAttribute('href')).toBe('https://support.example.com/faq');
    expect(item('Change Password').getAttribute('href')).toBe('/changepassword');
    await user.click(item('Aroha Ngata'));
    expect(props.onOpenProfile).toHaveBeenCalled();
  });

  it('offers Apply Update when an update is pending and Switch User with loginAs', async () => {
    const { user, props } = setup({ updatePending: true, privileges: ['view', 'loginAs'] });
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await items()).toEqual([
      'Apply Update',
      'Aroha Ngata',
      'Switch User',
      'Change Password',
      'Support',
      'Logout',
    ]);
    await user.click(item('Apply Update'));
    expect(props.onApplyUpdate).toHaveBeenCalled();
  });

  it.each<[string, Partial<UserMenuProps>]>([
    ['a user of several sites', { siteCount: 2 }],
    ['support staff', { privileges: ['view', 'internal'] }],
  ])('links the fleet view for %s', async (_, props) => {
    const { user } = setup(props);
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await items()).toEqual(['Aroha Ngata', 'Fleet', 'Change Password', 'Support', 'Logout']);
    expect(item('Fleet').getAttribute('href')).toBe('/fleet');
  });

  it('logs out', async () => {
    const { user, props } = setup();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout', ...hidden }));
    expect(props.onLogout).toHaveBeenCalled();
  });
});
