/**
 * POST controls/{id}/test (§7): asks the field to test one valve. Answers with the request;
 * sent again with its requestId it answers the request's current status (polled every 30 s for
 * up to 3 minutes, §9).
 */
import { actionRequestSchema, type ActionRequest } from '@paddock/domain';
import { api } from '../../lib/api-client.ts';

export function postControlTest(
  controlId: number,
  requestId?: ActionRequest['id'],
): Promise<ActionRequest> {
  return api.post(`/controls/${controlId}/test`, requestId === undefined ? {} : { requestId }, {
    schema: actionRequestSchema,
  });
}
