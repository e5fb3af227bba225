/** The Switch User audit trail (§6 loginAs) of the site's users, newest first; admins only. */
import { Stack, Table, Text, Title } from '@mantine/core';
import { formatSiteDateTime, type AuditPerson } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useUserSwitches } from '../../../data/users/get-user-switches.ts';

export function UserSwitches({ siteId, timeZone }: { siteId: number; timeZone: string }) {
  const { t } = useTranslation();
  const switches = useUserSwitches(siteId, true);
  const rows = switches.data ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="user-switches-title">
      <Title order={3} size="h4" id="user-switches-title">
        {t('Users.Switches.Title')}
      </Title>
      {switches.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Users.Switches.Empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Users.Switches.At')}</Table.Th>
                <Table.Th>{t('Users.Switches.Actor')}</Table.Th>
                <Table.Th>{t('Users.Switches.Target')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatSiteDateTime(new Date(entry.at), timeZone)}</Table.Td>
                  <Table.Td>
                    <Person person={entry.actor} />
                  </Table.Td>
                  <Table.Td>
                    <Person person={entry.target} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Person({ person }: { person: AuditPerson }) {
  return (
    <>
      <Text size="sm">{person.name || person.login}</Text>
      {person.name && (
        <Text size="xs" c="dimmed">
          {person.login}
        </Text>
      )}
    </>
  );
}
