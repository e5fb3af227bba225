/**
 * GET user/contact (§7): the signed-in user's own contact, on the given site when there is one
 * (the server otherwise answers the first). The user menu shows its name; My Profile edits it.
 */
import { contactEndpoints, type Contact } from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactKeys } from '../../../data/contacts/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { cachedQueryOptions } from '../../../lib/offline-cache-queries.ts';

function getUserContact(siteId?: number): Promise<Contact> {
  return callEndpoint(contactEndpoints.getOwnContact, {
    query: siteId === undefined ? {} : { site: siteId },
  });
}

function getUserContactQueryOptions(siteId?: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: contactKeys.ownOnSite(siteId ?? null),
      queryFn: () => getUserContact(siteId),
    }),
    { key: 'userContact' },
  );
}

export function useUserContact(siteId?: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getUserContactQueryOptions(siteId), enabled: options.enabled ?? true });
}
