import { ActionIcon, Menu, Text } from '@mantine/core';
import { fleetPath, PATHS, showFleetLink, type Privilege } from '@paddock/domain';
import {
  IconAlertTriangle,
  IconHelp,
  IconKey,
  IconLogout,
  IconRefresh,
  IconUser,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface UserMenuProps {
  /** The user's name (their contact's, else the login). */
  readonly userName: string;
  readonly updatePending: boolean;
  readonly onApplyUpdate: () => void;
  readonly onOpenProfile: () => void;
  /** The user's sites: with more than one, the menu links the fleet view (showFleetLink). */
  readonly siteCount: number;
  /**
   * What the user holds, their own and the current site's: Switch User is offered as soon as
   * either holds loginAs (§6); support staff (internal) get the fleet view's link.
   */
  readonly privileges: readonly Privilege[];
  readonly onSwitchUser: () => void;
  /** The external support site (domain supportLink). */
  readonly supportUrl: string;
  readonly onLogout: () => void;
}

/**
 * §2 User menu: Apply Update (when an update is pending), the user's name (opens My Profile),
 * Switch User (only with loginAs), Change Password, Support, Logout. Ours: Fleet (issue 33 item
 * 4) after the name, for users of several sites and support staff.
 */
export function UserMenu({
  userName,
  updatePending,
  onApplyUpdate,
  onOpenProfile,
  siteCount,
  privileges,
  onSwitchUser,
  supportUrl,
  onLogout,
}: UserMenuProps) {
  const { t } = useTranslation();
  const canSwitchUser = privileges.includes('loginAs');
  const fleet = showFleetLink(siteCount, privileges) ? fleetPath() : null;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('Header.UserMenu')}>
          <IconUserCircle size={24} />
          {updatePending && (
            <span
              aria-hidden
              style={{
                position: 'absolute',
                top: 4,
                right: 4,
                width: 8,
                height: 8,
                borderRadius: '50%',
                background: 'var(--mantine-color-blue-6)',
              }}
            />
          )}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {updatePending && (
          <>
            <Menu.Item color="blue" leftSection={<IconRefresh size={16} />} onClick={onApplyUpdate}>
              {t('Menu.ApplyUpdate')}
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Item leftSection={<IconUser size={16} />} onClick={onOpenProfile} title={userName}>
          <Text size="sm" truncate="end">
            {userName}
          </Text>
        </Menu.Item>
        {fleet !== null && (
          <Menu.Item component={Link} to={fleet} leftSection={<IconAlertTriangle size={16} />}>
            {t('Menu.Fleet')}
          </Menu.Item>
        )}
        {canSwitchUser && (
          <Menu.Item leftSection={<IconUsers size={16} />} onClick={onSwitchUser}>
            {t('Menu.SwitchUser')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={PATHS.changepassword} leftSection={<IconKey size={16} />}>
          {t('Menu.ChangePassword')}
        </Menu.Item>
        <Menu.Item
          component="a"
          href={supportUrl}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconHelp size={16} />}
        >
          {t('Menu.Support')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('Menu.Logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
