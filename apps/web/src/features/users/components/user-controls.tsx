/**
 * What can be done to one user on the Users page, as the caller's privileges allow (§6): their
 * role, per-area roles, a resent invitation, Switch User, and removal after a confirmation.
 */
import { Badge, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import {
  canLoginAs,
  canRemoveMember,
  hasPrivilege,
  type Privilege,
  type Role,
  type User,
} from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import type { UserUpdateState } from '../hooks/use-role-updates.ts';
import { canResend, userName, userRole } from '../users-list.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

export function UserActions({
  user,
  self,
  held,
  canSetAreaRoles,
  resending,
  removing,
  onAreaRoles,
  onResend,
  onSwitchUser,
  onRemove,
}: {
  user: User;
  /** The caller's own row: no changes offered. */
  self: boolean;
  held: readonly Privilege[];
  /** The caller may set permissions and the site has areas. */
  canSetAreaRoles: boolean;
  resending: boolean;
  removing: boolean;
  onAreaRoles: () => void;
  onResend: () => void;
  onSwitchUser: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      {canSetAreaRoles && !self && (
        <Button size="xs" variant="default" onClick={onAreaRoles}>
          {t('Users.AreaRoles')}
        </Button>
      )}
      {hasPrivilege(held, 'createUsers') && canResend(user) && (
        <Button size="xs" variant="light" loading={resending} onClick={onResend}>
          {t('Users.Resend')}
        </Button>
      )}
      {canLoginAs(held) && !self && !hasPrivilege(user.privileges, 'loginAs') && (
        <Button size="xs" variant="default" onClick={onSwitchUser}>
          {t('Users.SwitchUser')}
        </Button>
      )}
      {!self && canRemoveMember(held, user.privileges) && (
        <Button size="xs" color="red" variant="subtle" loading={removing} onClick={onRemove}>
          {t('Users.Remove')}
        </Button>
      )}
    </Group>
  );
}

/** Asks before a user is removed from the site. */
export function RemoveUserModal({
  user,
  siteLabel,
  onCancel,
  onConfirm,
}: {
  user: User | null;
  siteLabel: string;
  onCancel: () => void;
  onConfirm: (user: User) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={user !== null} onClose={onCancel} title={t('Users.RemoveTitle')} centered>
      {user && (
        <Stack>
          <Text size="sm">
            {t('Users.RemoveConfirm', { name: userName(user), site: siteLabel })}
          </Text>
          <FormActions onCancel={onCancel}>
            <Button color="red" onClick={() => onConfirm(user)}>
              {t('Users.Remove')}
            </Button>
          </FormActions>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The user's role: a choice of their current role and the roles the precedence rule lets the
 * caller give them, or the role alone when there is nothing to change to; its own loading state.
 */
export function RoleControl({
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
