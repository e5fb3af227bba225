/** Controls (§7): an area's controls, one control, and its test request. */
import { controlSchema, controlTestBodySchema } from '../entities/control.ts';
import { areaQuerySchema, idParamSchema } from '../entities/params.ts';
import { actionRequestSchema } from '../entities/request.ts';
import { defineEndpoint } from './endpoint.ts';

export const controlEndpoints = {
  listControls: defineEndpoint({
    method: 'GET',
    path: '/controls',
    tag: 'controls',
    summary: "The area's controls: valves, pumps, add-on valves and pivots",
    query: areaQuerySchema,
    responses: { 200: controlSchema.array() },
  }),
  getControl: defineEndpoint({
    method: 'GET',
    path: '/controls/:id',
    tag: 'controls',
    summary: 'One control',
    params: idParamSchema,
    responses: { 200: controlSchema },
  }),
  testControl: defineEndpoint({
    method: 'POST',
    path: '/controls/:id/test',
    tag: 'controls',
    summary: 'Asks the field to test the control',
    description:
      'Records a test request (202, status new). Give requestId to follow it up (the console polls every 30 s): 200 with the request, and nothing is sent again. 409 while an earlier test of the control is still open.',
    params: idParamSchema,
    // No body at all arrives as null: the request id is optional, so none is needed.
    body: controlTestBodySchema.nullish(),
    responses: { 200: actionRequestSchema, 202: actionRequestSchema },
  }),
};
