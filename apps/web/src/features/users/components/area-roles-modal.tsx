/**
 * A user's role in each area of the site (§3 per-area privilege lists, §6): an area's list adds to
 * the site list, so an area can raise the user above their site role, or leave them as on the
 * site. The choices come from the domain's assignableAreaRoles, which the server checks too.
 */
import { Badge, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import {
  assignableAreaRoles,
  effectiveRole,
  privilegesForArea,
  type Privilege,
  type Role,
  type User,
} from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import type { UserUpdateState } from '../hooks/use-role-updates.ts';
import { userName } from '../users-list.ts';

export interface SiteAreaChoice {
  readonly id: number;
  readonly label: string;
}

const AS_ON_SITE = 'site';

export function AreaRolesModal({
  user,
  areas,
  held,
  state,
  onClose,
  onChange,
}: {
  user: User | null;
  areas: readonly SiteAreaChoice[];
  held: readonly Privilege[];
  state: UserUpdateState | undefined;
  onClose: () => void;
  onChange: (user: User, areaId: number, role: Role | null) => void;
}) {
  const { t } = useTranslation();
  const label = (role: Role | null) => t(`Users.Role.${role ?? 'none'}`);
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? t('Users.AreaRolesOf', { name: userName(user) }) : ''}
      centered
      size="lg"
    >
      {user && (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('Users.AreaRolesIntro', { role: label(effectiveRole(user.privileges)) })}
          </Text>
          <Table>
            <Table.Tbody>
              {areas.map((area) => {
                const areaList = user.areas[String(area.id)] ?? [];
                const here = effectiveRole(
                  privilegesForArea({ privileges: user.privileges, areas: user.areas }, area.id),
                );
                const raised = here !== effectiveRole(user.privileges);
                const offered = assignableAreaRoles(held, user.privileges, areaList);
                const current = raised ? (here ?? AS_ON_SITE) : AS_ON_SITE;
                const options = [
                  {
                    value: current,
                    label: raised ? label(here) : t('Users.AsOnSite', { role: label(here) }),
                  },
                  ...offered.map((role) => ({
                    value: role ?? AS_ON_SITE,
                    label:
                      role === null
                        ? t('Users.AsOnSite', { role: label(effectiveRole(user.privileges)) })
                        : label(role),
                  })),
                ];
                return (
                  <Table.Tr key={area.id}>
                    <Table.Td>{area.label}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        {offered.length === 0 ? (
                          <Badge variant="outline" tt="none">
                            {options[0]?.label}
                          </Badge>
                        ) : (
                          <Select
                            aria-label={t('Users.AreaRoleOf', {
                              name: userName(user),
                              area: area.label,
                            })}
                            size="xs"
                            w={190}
                            data={options}
                            value={current}
                            allowDeselect={false}
                            disabled={state === 'loading'}
                            onChange={(value) => {
                              if (!value || value === current) return;
                              onChange(
                                user,
                                area.id,
                                value === AS_ON_SITE ? null : (value as Role),
                              );
                            }}
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {state === 'loading' && (
            <Loader size="xs" aria-label={t('Users.Updating', { name: userName(user) })} />
          )}
        </Stack>
      )}
    </Modal>
  );
}
