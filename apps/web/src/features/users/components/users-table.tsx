/**
 * The site's users as a table on wide screens and as cards on phones: name and login, role,
 * sign-up status, last login, created, alarm stats and the actions the caller may take.
 */
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { User } from '@paddock/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { userName } from '../users-list.ts';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export interface UserRowsProps {
  readonly users: readonly User[];
  /** A user's role control and action buttons. */
  readonly controls: (user: User) => { role: ReactNode; actions: ReactNode };
  /** A date in the site's zone (§9), or 'never'. */
  readonly date: (value: string | null) => string;
}

export function UsersTable({ users, controls, date }: UserRowsProps) {
  const { t } = useTranslation();
  return (
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
                <Table.Td style={NO_WRAP}>
                  <UserSignup user={user} />
                </Table.Td>
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
  );
}

export function UserCards({ users, controls, date }: UserRowsProps) {
  const { t } = useTranslation();
  return (
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
                <UserSignup user={user} />
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

function UserSignup({ user }: { user: User }) {
  const { t } = useTranslation();
  return <SignupBadge status={user.stats.signupStatus} label={signupLabel(t, user)} />;
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
