/**
 * POST controls/{id}/test (§7): asks the field to test one valve. Answers with the request;
 * sent again with its requestId it answers the request's current status (polled every 30 s for
 * up to 3 minutes, §9).
 */
import { controlEndpoints, type ActionRequest } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';

export function postControlTest(
  controlId: number,
  requestId?: ActionRequest['id'],
): Promise<ActionRequest> {
  return callEndpoint(controlEndpoints.testControl, {
    params: { id: controlId },
    body: requestId === undefined ? {} : { requestId },
  });
}
