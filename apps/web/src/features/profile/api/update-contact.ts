/**
 * PUT contacts/{id} (§7): name, company, site, notifications (locale, id). Success refetches the
 * user's contact and refreshes alarms (§4 "Profile save").
 */
import { contactEndpoints, type Contact, type ContactUpdateBody } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmKeys } from '../../../data/alarms/keys.ts';
import { contactKeys } from '../../../data/contacts/keys.ts';
import { callEndpoint } from '../../../lib/api-client.ts';

function updateContact(id: number, body: ContactUpdateBody): Promise<Contact> {
  return callEndpoint(contactEndpoints.updateContact, { params: { id }, body });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContactUpdateBody }) => updateContact(id, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.own }),
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
      ]);
    },
  });
}
