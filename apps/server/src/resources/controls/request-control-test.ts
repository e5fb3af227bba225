/**
 * POST controls/{id}/test: records a test request for the field link. A test never overtakes
 * another (the domain's mayOvertake): while an earlier test of the control is open, it is refused.
 */
import { refuse } from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { lockControl } from './control.repository.ts';
import {
  createRequest,
  findOpenRequest,
  type RequestRow,
} from '../../requests/request.repository.ts';

export async function requestControlTest(
  db: Database,
  input: { controlId: number; siteId: number; requestedBy: number; now: Date },
): Promise<RequestRow> {
  const { controlId } = input;
  return db.transaction(async (tx) => {
    // Serialises tests of one control, so a double click cannot send two.
    await lockControl(tx, controlId);
    const open = await findOpenRequest(tx, 'control', controlId, 'test');
    if (open) {
      throw refuse.conflict(`Control test request ${open.id} is still being carried out`);
    }
    return createRequest(tx, {
      action: 'test',
      type: 'control',
      targetId: controlId,
      siteId: input.siteId,
      requestedBy: input.requestedBy,
      now: input.now,
    });
  });
}
