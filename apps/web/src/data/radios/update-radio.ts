/**
 * PUT radios/{id} (§7): a radio's edit; the Telemetry detail sets its reporting interval (the
 * install privilege). The answer is the saved radio.
 */
import { radioEndpoints, type Radio, type RadioUpdateBody } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';

export function updateRadio(id: number, body: RadioUpdateBody): Promise<Radio> {
  return callEndpoint(radioEndpoints.updateRadio, { params: { id }, body });
}
