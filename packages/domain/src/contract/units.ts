/** Units (ours; §7 lists only GET sites/{id}/units): the edit of a unit's reporting interval. */
import { idParamSchema } from '../entities/params.ts';
import { unitSchema, unitUpdateBodySchema } from '../entities/unit.ts';
import { defineEndpoint } from './endpoint.ts';

export const unitEndpoints = {
  updateUnit: defineEndpoint({
    method: 'PUT',
    path: '/units/:id',
    tag: 'units',
    summary: "Set a unit's reporting interval (install); returns the unit",
    description:
      'The unit is told its new interval (its config is published again) within one overdue ' +
      'sweep; overdue then follows the new interval.',
    params: idParamSchema,
    body: unitUpdateBodySchema,
    responses: { 200: unitSchema },
  }),
};
