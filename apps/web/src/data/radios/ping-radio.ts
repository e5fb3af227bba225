/**
 * POST radios/{id}/ping (§7): asks the radio to report now. Answers with the request; sent again
 * with its requestId it answers the request's current status without pinging twice; GET
 * radios/{id}/requests/{requestId} reads it too. The console polls every 5 s (§9).
 */
import { radioEndpoints, type ActionRequest } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';

export function postRadioPing(radioId: number): Promise<ActionRequest> {
  return callEndpoint(radioEndpoints.pingRadio, { params: { id: radioId }, body: {} });
}

export function getRadioRequest(radioId: number, requestId: number): Promise<ActionRequest> {
  return callEndpoint(radioEndpoints.getRadioRequest, { params: { id: radioId, requestId } });
}
