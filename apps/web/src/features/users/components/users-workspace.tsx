/**
 * The Users page (§2 /{siteId}/users, §3 user fields): the site's users with their effective role,
 * sign-up status, last login, created and alarm stats; search and sort; a table on wide screens
 * and cards on phones. Where the caller's privileges allow (one rule in the domain, which the
 * server applies too): invite, change a role, resend an invitation, remove a user, Switch User.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  assignableRoles,
  effectiveRole,
  formatSiteDateTime,
  hasPrivilege,
  invitableRoles,
  mustContactSupport,
  ROLES,
  TOP_ROLE,
  type Privilege,
  type User,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteUsers } from '../../../data/users/get-site-users.ts';
import { useRoleUpdates } from '../hooks/use-role-updates.ts';
import { USER_SORTS, visibleUsers, type UserSort } from '../users-list.ts';
import { AreaRolesModal, type SiteAreaChoice } from './area-roles-modal.tsx';
import { InviteUserModal } from './invite-user-modal.tsx';
import { useUserInvitesAndRemoval } from './use-user-invites-and-removal.ts';
import { RemoveUserModal, RoleControl, UserActions } from './user-controls.tsx';
import { UserSwitches } from './user-switches.tsx';
import { UserCards, UsersTable } from './users-table.tsx';

/** Tables from this width; cards below it (phones). */
const TABLE_SCREEN = '(min-width: 62em)';

export interface UsersWorkspaceProps {
  readonly siteId: number;
  readonly siteLabel: string;
  /** The site's zone, for the §9 date format. */
  readonly timeZone: string;
  /** The caller's privileges on the site (site-level and user-level lists, §6). */
  readonly held: readonly Privilege[];
  /** The caller's login: their own row offers no changes. */
  readonly currentLogin: string | null;
  /** Opens Switch User for a login (staff with loginAs). */
  readonly onSwitchUser: (login: string) => void;
  /** The provider's support site, for 'Contact support' (§6). */
  readonly supportUrl: string;
  /** The site's areas, for per-area roles. */
  readonly areas: readonly SiteAreaChoice[];
}

export function UsersWorkspace(props: UsersWorkspaceProps) {
  const { siteId, siteLabel, timeZone, held, supportUrl } = props;
  const { t } = useTranslation();
  const users = useSiteUsers(siteId);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>('name');
  const [inviting, setInviting] = useState(false);
  const wide = useMediaQuery(TABLE_SCREEN, true, { getInitialValueInEffect: false });
  const canInvite = hasPrivilege(held, 'createUsers') && invitableRoles(held).length > 0;
  const isAdmin = effectiveRole(held) === TOP_ROLE;
  // §6: the page's full use needs the top role's actions; a caller lacking some of them is told
  // to contact support.
  const contactSupport = mustContactSupport(ROLES[TOP_ROLE].actions, held);
  const rows = users.data ? visibleUsers(users.data, search, sort) : [];

  return (
    <Stack p="md" gap="md" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{t('Users.Title')}</Title>
          <Text c="dimmed" size="sm">
            {siteLabel}
          </Text>
        </div>
        {canInvite && <Button onClick={() => setInviting(true)}>{t('Users.Invite')}</Button>}
      </Group>
      {contactSupport && (
        <Alert color="blue" variant="light">
          <Text size="sm">
            {t('Users.ContactSupportHint')}{' '}
            <Anchor href={supportUrl} target="_blank" rel="noreferrer">
              {t('Users.ContactSupport')}
            </Anchor>
          </Text>
        </Alert>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('Users.Search')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label={t('Users.SortBy')}
          data={USER_SORTS.map((value) => ({ value, label: t(`Users.Sort.${value}`) }))}
          value={sort}
          onChange={(value) => value && setSort(value as UserSort)}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {users.isError ? (
        <Alert color="red" role="alert">
          {t('Users.LoadFailed')}
        </Alert>
      ) : !users.data ? (
        <Stack aria-busy="true" aria-label={t('Common.Loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h={48} />
          ))}
        </Stack>
      ) : (
        <UsersList
          {...props}
          users={rows}
          wide={wide}
          empty={rows.length === 0}
          timeZone={timeZone}
        />
      )}
      {isAdmin && <UserSwitches siteId={siteId} timeZone={timeZone} />}
      <InviteUserModal
        opened={inviting}
        onClose={() => setInviting(false)}
        siteId={siteId}
        held={held}
      />
    </Stack>
  );
}

function UsersList(props: UsersWorkspaceProps & { users: User[]; wide: boolean; empty: boolean }) {
  const { siteId, siteLabel, held, currentLogin, onSwitchUser, users, wide, timeZone } = props;
  const { t } = useTranslation();
  const { states, changeRole, changeAreaRole } = useRoleUpdates(siteId);
  const [areaRolesOf, setAreaRolesOf] = useState<number | null>(null);
  const canSetPermissions =
    hasPrivilege(held, 'addPermissions') || hasPrivilege(held, 'updateUsers');
  const { resend, remove, removing, setRemoving, resendTo, confirmRemove } =
    useUserInvitesAndRemoval(siteId);
  const date = (value: string | null) =>
    value === null ? t('Users.Never') : formatSiteDateTime(new Date(value), timeZone);

  const controls = (user: User) => {
    const self = currentLogin !== null && user.login === currentLogin.toLowerCase();
    return {
      role: (
        <RoleControl
          user={user}
          offered={self ? [] : assignableRoles(held, user.privileges)}
          state={states[user.id]}
          onChange={(role) => void changeRole(user, role)}
        />
      ),
      actions: (
        <UserActions
          user={user}
          self={self}
          held={held}
          canSetAreaRoles={canSetPermissions && props.areas.length > 0}
          resending={resend.isPending && resend.variables === user.id}
          removing={remove.isPending && remove.variables === user.id}
          onAreaRoles={() => setAreaRolesOf(user.id)}
          onResend={() => void resendTo(user)}
          onSwitchUser={() => onSwitchUser(user.login)}
          onRemove={() => setRemoving(user)}
        />
      ),
    };
  };

  return (
    <>
      {props.empty ? (
        <Text c="dimmed">{t('Users.Empty')}</Text>
      ) : wide ? (
        <UsersTable users={users} controls={controls} date={date} />
      ) : (
        <UserCards users={users} controls={controls} date={date} />
      )}
      <AreaRolesModal
        user={users.find((user) => user.id === areaRolesOf) ?? null}
        areas={props.areas}
        held={held}
        state={areaRolesOf === null ? undefined : states[areaRolesOf]}
        onClose={() => setAreaRolesOf(null)}
        onChange={(user, areaId, role) => void changeAreaRole(user, areaId, role)}
      />
      <RemoveUserModal
        user={removing}
        siteLabel={siteLabel}
        onCancel={() => setRemoving(null)}
        onConfirm={(user) => void confirmRemove(user)}
      />
    </>
  );
}
