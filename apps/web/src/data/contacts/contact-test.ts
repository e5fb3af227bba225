/**
 * A contact notification's test (§4, §7, §9): POST contacts/{id}/test starts it, GET
 * contacts/{id}/test/{testId} is polled every 2 s until its status is final. done passes; any
 * other final status fails ('User cancelled' for cancelled, 'Test failed' otherwise, §8).
 */
import {
  contactEndpoints,
  isFinalRequestStatus,
  NOTIFICATION_TEST_POLL_MS,
  type ContactTestStatus,
} from '@paddock/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { contactKeys } from './keys.ts';

function startContactTest(
  contactId: number,
  body: { notification: number; area: number },
): Promise<{ id: number }> {
  return callEndpoint(contactEndpoints.startContactTest, { params: { id: contactId }, body });
}

function getContactTest(contactId: number, testId: number): Promise<ContactTestStatus> {
  return callEndpoint(contactEndpoints.getContactTest, { params: { id: contactId, testId } });
}

function contactTestQueryOptions(contactId: number, testId: number) {
  return queryOptions({
    queryKey: contactKeys.test(contactId, testId),
    queryFn: () => getContactTest(contactId, testId),
    // Polled until final (§4); a final answer never changes again.
    refetchInterval: (query) =>
      query.state.data && isFinalRequestStatus(query.state.data.status)
        ? false
        : NOTIFICATION_TEST_POLL_MS,
    staleTime: Infinity,
  });
}

export function useStartContactTest(contactId: number) {
  return useMutation({
    mutationFn: (body: { notification: number; area: number }) =>
      startContactTest(contactId, body),
  });
}

/** The test's status while it is followed (undefined before it started). */
export function useContactTest(contactId: number, testId: number | undefined) {
  return useQuery({
    ...contactTestQueryOptions(contactId, testId ?? 0),
    enabled: testId !== undefined,
  });
}
