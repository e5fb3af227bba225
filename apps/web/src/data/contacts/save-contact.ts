/**
 * A site's contact written (§7): POST sites/{site}/contacts adds one, PUT contacts/{id} replaces
 * its fields and notifications, DELETE sites/{site}/contacts/{id} removes it. Alarms name the
 * contacts' notifications (and the server takes deleted ones off them), so every write also
 * refreshes the alarms.
 */
import {
  contactEndpoints,
  type Contact,
  type ContactCreateBody,
  type ContactUpdateBody,
} from '@paddock/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { alarmKeys } from '../alarms/keys.ts';
import { contactKeys } from './keys.ts';

function createSiteContact(siteId: number, body: ContactCreateBody): Promise<Contact> {
  return callEndpoint(contactEndpoints.createSiteContact, { params: { site: siteId }, body });
}

function updateSiteContact(id: number, body: ContactUpdateBody): Promise<Contact> {
  return callEndpoint(contactEndpoints.updateContact, { params: { id }, body });
}

function deleteSiteContact(siteId: number, id: number) {
  return callEndpoint(contactEndpoints.deleteSiteContact, { params: { site: siteId, id } });
}

function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactKeys.all }),
    queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  ]);
}

export type ContactSave =
  | { readonly id: undefined; readonly body: ContactCreateBody }
  | { readonly id: number; readonly body: ContactUpdateBody };

export function useSaveContact(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ContactSave) =>
      save.id === undefined
        ? createSiteContact(siteId, save.body)
        : updateSiteContact(save.id, save.body),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteContact(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSiteContact(siteId, id),
    onSettled: () => refresh(queryClient),
  });
}
