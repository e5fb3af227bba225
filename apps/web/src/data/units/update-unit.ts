/** PUT units/{id} (ours): a unit's reporting interval (the install privilege). */
import { unitEndpoints, type Unit, type UnitUpdateBody } from '@paddock/domain';
import { callEndpoint } from '../../lib/api-client.ts';

export function updateUnit(id: number, body: UnitUpdateBody): Promise<Unit> {
  return callEndpoint(unitEndpoints.updateUnit, { params: { id }, body });
}
