import { ROLES, type Privilege, type User } from '@paddock/domain';
import { buildUser } from '@paddock/domain/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders } from '../../../testing/render.tsx';
import { UsersWorkspace } from './users-workspace.tsx';

const member = (id: number, login: string, privileges: readonly Privilege[]): User =>
  buildUser({ id, uid: `uid-${id}`, login, contact: null, privileges: [...privileges] });

const users = [
  member(1, 'admin@farm.test', ROLES.admin.actions),
  member(2, 'manager@farm.test', ROLES.manage.actions),
  member(3, 'monitor@farm.test', ROLES.monitor.actions),
];

function setup(held: readonly Privilege[], currentLogin: string) {
  // The users list and (for admins) the Switch User trail are asked in either order.
  const fetch = (async (url: RequestInfo | URL) =>
    jsonResponse(
      200,
      String(url).endsWith('/user-switches') ? [] : users,
    )) as typeof globalThis.fetch;
  configureApiClient({ baseUrl: '/api', fetch });
  return renderWithProviders(
    <UsersWorkspace
      siteId={7}
      siteLabel="Te Awa"
      timeZone="Pacific/Auckland"
      held={held}
      currentLogin={currentLogin}
      onSwitchUser={vi.fn()}
      supportUrl="https://support.example"
      areas={[{ id: 11, label: 'North Block' }]}
    />,
  );
}

describe('the Users page offers what the precedence rule allows (§5, §6)', () => {
  it('an admin may invite, change the roles below their own and remove those users', async () => {
    const { user } = setup(ROLES.admin.actions, 'admin@farm.test');
    await screen.findByText('manager@farm.test');
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeTruthy();
    // Their own row and another admin's offer no change.
    expect(screen.queryByRole('combobox', { name: 'Role of admin@farm.test' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Role of manager@farm.test' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Contact support' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    expect(within(dialog).getByRole('checkbox', { name: 'Manage' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Monitor' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Admin' })).toBeNull();
  });

  it('a manager changes nothing and is told to contact support', async () => {
    setup(ROLES.manage.actions, 'manager@farm.test');
    await screen.findByText('monitor@farm.test');
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryAllByRole('combobox', { name: /^Role of / })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: 'Remove' })).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
  });
});
