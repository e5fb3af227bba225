/** Areas (§7): one area, and its three edits. */
import { areaSchema, areaUpdateBodySchema } from '../entities/area.ts';
import { areaGetQuerySchema, idParamSchema } from '../entities/params.ts';
import { defineEndpoint } from './endpoint.ts';

export const areaEndpoints = {
  getArea: defineEndpoint({
    method: 'GET',
    path: '/areas/:id',
    tag: 'areas',
    summary: 'One area, with its sections unless withoutSections=true',
    params: idParamSchema,
    query: areaGetQuerySchema,
    responses: { 200: areaSchema },
  }),
  updateArea: defineEndpoint({
    method: 'PUT',
    path: '/areas/:id',
    tag: 'areas',
    summary: 'Rename the area, or turn its alarms on or off, or snooze them',
    description:
      'Exactly one form: {label}, {site, alarmsActive} or {site, snoozed}; `site` must be ' +
      "the area's site. Returns the updated area with its sections.",
    params: idParamSchema,
    body: areaUpdateBodySchema,
    responses: { 200: areaSchema },
  }),
};
