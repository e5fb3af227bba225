/**
 * A frost fan started or stopped from the console (issue 31): POST fans/{id}/start|stop records
 * the request (or, refused by the frost rules, answers 409 with the reasons, which an override
 * goes past), and GET fans/{id}/requests/{requestId} follows it up until its outcome is known.
 */
import { fanEndpoints, type FanCommandAction, type FanRequest } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';

export function postFanCommand(
  fanId: number,
  action: FanCommandAction,
  options: { override?: boolean } = {},
): Promise<FanRequest> {
  if (action === 'stop') {
    return callEndpoint(fanEndpoints.stopFan, { params: { id: fanId }, body: {} });
  }
  return callEndpoint(fanEndpoints.startFan, {
    params: { id: fanId },
    body: options.override ? { override: true } : {},
  });
}

export function getFanRequest(fanId: number, requestId: number): Promise<FanRequest> {
  return callEndpoint(fanEndpoints.getFanRequest, { params: { id: fanId, requestId } });
}
