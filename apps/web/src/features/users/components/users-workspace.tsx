/**
 * The Users page (§2 /{siteId}/users, §3 user fields): the site's users with their effective role,
 * sign-up status, last login, created and alarm stats; search and sort; a table on wide screens
 * and cards on phones. Where the caller's privileges allow (one rule in the domain, which the
 * server applies too): invite, change a role, resend an invitation, remove a user, Switch User.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  assignableRoles,
  canLoginAs,
  canRemoveMember,
  effectiveRole,
  formatSiteDateTime,
  hasPrivilege,
  INVITATION_RESEND_FAILED,
  INVITATION_RESENT,
  invitableRoles,
  mustContactSupport,
  NOTIFICATION_LONG_DURATION_MS,
  ROLES,
  SIGNUP_ERROR,
  signupResendErrorKey,
  TOP_ROLE,
  type Privilege,
  type Role,
  type User,
} from '@paddock/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteUsers } from '../../../data/users/get-site-users.ts';
import { useRemoveUser } from '../../../data/users/remove-user.ts';
import { useResendInvitation } from '../../../data/users/resend-invitation.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useRoleUpdates, type UserUpdateState } from '../hooks/use-role-updates.ts';
import {
  canResend,
  USER_SORTS,
  userName,
  userRole,
  visibleUsers,
  type UserSort,
} from '../users-list.ts';
import { AreaRolesModal, type SiteAreaChoice } from './area-roles-modal.tsx';
import { InviteUserModal } from './invite-user-modal.tsx';
import { UserSwitches } from './user-switches.tsx';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

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
  const resend = useResendInvitation(siteId);
  const remove = useRemoveUser(siteId);
  const [removing, setRemoving] = useState<User | null>(null);
  const date = (value: string | null) =>
    value === null ? t('Users.Never') : formatSiteDateTime(new Date(value), timeZone);

  async function resendTo(user: User) {
    try {
      await resend.mutateAsync(user.id);
      notify({ level: 'info', message: t(INVITATION_RESENT) });
    } catch (error) {
      const status = isApiError(error) ? error.responseStatus : undefined;
      const key = signupResendErrorKey(status);
      notify({
        level: 'error',
        title: t(INVITATION_RESEND_FAILED),
        message: key === SIGNUP_ERROR.General && isApiError(error) ? error.message : t(key),
        autoClose: NOTIFICATION_LONG_DURATION_MS,
      });
    }
  }

  async function confirmRemove(user: User) {
    setRemoving(null);
    try {
      await remove.mutateAsync(user.id);
      notify({ level: 'info', message: t('Users.Notification.Removed', { name: userName(user) }) });
    } catch (error) {
      notify({
        level: 'error',
        title: t('Users.Notification.RemoveFailed'),
        message:
          isApiError(error) && error.status !== 0
            ? error.message
            : t('Users.Notification.ServerNotResponding'),
        autoClose: NOTIFICATION_LONG_DURATION_MS,
      });
    }
  }

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
        <Group gap="xs" wrap="wrap">
          {canSetPermissions && !self && props.areas.length > 0 && (
            <Button size="xs" variant="default" onClick={() => setAreaRolesOf(user.id)}>
              {t('Users.AreaRoles')}
            </Button>
          )}
          {hasPrivilege(held, 'createUsers') && canResend(user) && (
            <Button
              size="xs"
              variant="light"
              loading={resend.isPending && resend.variables === user.id}
              onClick={() => void resendTo(user)}
            >
              {t('Users.Resend')}
            </Button>
          )}
          {canLoginAs(held) && !self && !hasPrivilege(user.privileges, 'loginAs') && (
            <Button size="xs" variant="default" onClick={() => onSwitchUser(user.login)}>
              {t('Users.SwitchUser')}
            </Button>
          )}
          {!self && canRemoveMember(held, user.privileges) && (
            <Button
              size="xs"
              color="red"
              variant="subtle"
              loading={remove.isPending && remove.variables === user.id}
              onClick={() => setRemoving(user)}
            >
              {t('Users.Remove')}
            </Button>
          )}
        </Group>
      ),
    };
  };

  const signup = (user: User) => (
    <SignupBadge status={user.stats.signupStatus} label={signupLabel(t, user)} />
  );

  return (
    <>
      {props.empty ? (
        <Text c="dimmed">{t('Users.Empty')}</Text>
      ) : wide ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('Users.Title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Users.Column.Name')}</Table.Th>
                <Table.Th>{t('Users.Column.Role')}</Table.Th>
                <Table.Th>{t('Users.Column.Signup')}</Table.Th>
                <Table.Th>{t('Users.Column.LastLogin')}</Table.Th>
                <Table.Th>{t('Users.Column.Created')}</Table.Th>
                <Table.Th>{t('Users.Column.Alarms')}</Table.Th>
                <Table.Th>{t('Users.Column.Actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => {
                const { role, actions } = controls(user);
                return (
                  <Table.Tr key={user.id} data-testid={`user-row-${user.login}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {userName(user)}
                      </Text>
                      {userName(user) !== user.login && (
                        <Text size="xs" c="dimmed">
                          {user.login}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{role}</Table.Td>
                    <Table.Td style={NO_WRAP}>{signup(user)}</Table.Td>
                    <Table.Td style={NO_WRAP}>{date(user.stats.lastLogin)}</Table.Td>
                    <Table.Td style={NO_WRAP}>{date(user.stats.created)}</Table.Td>
                    <Table.Td>
                      {user.stats.activeAlarms} / {user.stats.subscribedAlarms}
                    </Table.Td>
                    <Table.Td>{actions}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <SimpleGrid cols={1} spacing="sm">
          {users.map((user) => {
            const { role, actions } = controls(user);
            return (
              <Card key={user.id} withBorder padding="sm" data-testid={`user-row-${user.login}`}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      <Text fw={500}>{userName(user)}</Text>
                      {userName(user) !== user.login && (
                        <Text size="xs" c="dimmed">
                          {user.login}
                        </Text>
                      )}
                    </div>
                    {signup(user)}
                  </Group>
                  {role}
                  <Field label={t('Users.Column.LastLogin')}>{date(user.stats.lastLogin)}</Field>
                  <Field label={t('Users.Column.Created')}>{date(user.stats.created)}</Field>
                  <Field label={t('Users.Column.Alarms')}>
                    {user.stats.activeAlarms} / {user.stats.subscribedAlarms}
                  </Field>
                  {actions}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <AreaRolesModal
        user={users.find((user) => user.id === areaRolesOf) ?? null}
        areas={props.areas}
        held={held}
        state={areaRolesOf === null ? undefined : states[areaRolesOf]}
        onClose={() => setAreaRolesOf(null)}
        onChange={(user, areaId, role) => void changeAreaRole(user, areaId, role)}
      />
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('Users.RemoveTitle')}
        centered
      >
        {removing && (
          <Stack>
            <Text size="sm">
              {t('Users.RemoveConfirm', { name: userName(removing), site: siteLabel })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)}>
                {t('Common.Cancel')}
              </Button>
              <Button color="red" onClick={() => void confirmRemove(removing)}>
                {t('Users.Remove')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function signupLabel(t: (key: string) => string, user: User): string {
  return user.stats.signupStatus === null
    ? t('Users.Signup.none')
    : t(`Users.Signup.${user.stats.signupStatus}`);
}

const SIGNUP_COLOUR = { sent: 'yellow', resent: 'orange', completed: 'green', revoked: 'gray' };

function SignupBadge({ status, label }: { status: User['stats']['signupStatus']; label: string }) {
  return (
    <Badge
      variant="light"
      tt="none"
      color={status === null ? 'gray' : SIGNUP_COLOUR[status]}
      // Never cut short: the status is the point of the badge.
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

/**
 * The user's role: a choice of their current role and the roles the precedence rule lets the
 * caller give them, or the role alone when there is nothing to change to; its own loading state.
 */
function RoleControl({
  user,
  offered,
  state,
  onChange,
}: {
  user: User;
  offered: readonly Role[];
  state: UserUpdateState | undefined;
  onChange: (role: Role) => void;
}) {
  const { t } = useTranslation();
  const current = userRole(user);
  const name = userName(user);
  const label = (role: Role | null) => t(`Users.Role.${role ?? 'none'}`);
  const busy = state === 'loading';
  const indicator = busy ? <Loader size="xs" aria-label={t('Users.Updating', { name })} /> : null;
  if (offered.length === 0) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Badge variant="outline" color={current === null ? 'gray' : 'blue'}>
          {label(current)}
        </Badge>
        {indicator}
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={t('Users.RoleOf', { name })}
        size="xs"
        w={140}
        data={[
          { value: current ?? 'none', label: label(current) },
          ...offered.map((role) => ({ value: role, label: label(role) })),
        ]}
        value={current ?? 'none'}
        onChange={(value) => {
          if (value && value !== (current ?? 'none')) onChange(value as Role);
        }}
        allowDeselect={false}
        disabled={busy}
      />
      {indicator}
    </Group>
  );
}
