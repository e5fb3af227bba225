/**
 * GET user/privileges (§7): the user-level privileges of §6, e.g. loginAs (Switch User). Read
 * through usePrivileges, which adds them to the site's and the area's.
 */
import { currentUserEndpoints, type UserPrivileges } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { privilegeKeys } from './keys.ts';

function getUserPrivileges(): Promise<UserPrivileges> {
  return callEndpoint(currentUserEndpoints.getUserPrivileges, {});
}

function getUserPrivilegesQueryOptions() {
  return cachedQueryOptions(
    queryOptions({ queryKey: privilegeKeys.user(), queryFn: getUserPrivileges }),
    { key: 'userPrivileges' },
  );
}

export function useUserPrivileges() {
  return useQuery(getUserPrivilegesQueryOptions());
}
