/** GET user/privileges (§7): the user-level privileges of §6, e.g. loginAs (Switch User). */
import { userPrivilegesSchema, type UserPrivileges } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getUserPrivileges(): Promise<UserPrivileges> {
  return api.get('/user/privileges', { schema: userPrivilegesSchema });
}

export function getUserPrivilegesQueryOptions() {
  return queryOptions({ queryKey: ['user', 'privileges'], queryFn: getUserPrivileges });
}

export function useUserPrivileges() {
  return useQuery(getUserPrivilegesQueryOptions());
}
