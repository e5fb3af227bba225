/**
 * Frost fans started and stopped from the console (issue 31): a start or stop is a request (§3)
 * on the fan, carried out by a command to the radio or unit its controller is on, and followed
 * like a control test. Fans are sensors (their engine controller), so `:id` is the sensor's id.
 */
import { z } from 'zod';
import { actionRequestSchema } from '../entities/request.ts';
import { idParamSchema, requestParamSchema } from '../entities/params.ts';
import { idSchema, requestIdSchema } from '../entities/primitives.ts';
import { FAN_REQUEST_OUTCOMES, FAN_START_MARGIN_C } from '../frost/fan-command.ts';
import { defineEndpoint } from './endpoint.ts';

/** GET fans/{id}/requests answers this many requests at most, the newest. */
export const FAN_REQUESTS_LIMIT = 50;

/** The refusal reason (409 `reason`) of a start the frost rules refuse: it may be overridden. */
export const FAN_START_REFUSED_REASON = 'fanStartRefused';

/** POST fans/{id}/start. */
export const fanStartBodySchema = z
  .strictObject({
    /** Follows an earlier start up: answers it and sends nothing. */
    requestId: requestIdSchema.optional(),
    /**
     * Start although the frost rules refuse (canopy too warm, wind too strong, no canopy
     * reading); the override and what it overrode are kept with the request and in the fan's
     * event log, with who asked.
     */
    override: z.boolean().optional(),
  })
  .nullish();
export type FanStartBody = z.infer<typeof fanStartBodySchema>;

/** POST fans/{id}/stop. */
export const fanStopBodySchema = z
  .strictObject({ requestId: requestIdSchema.optional() })
  .nullish();
export type FanStopBody = z.infer<typeof fanStopBodySchema>;

/** What a fan request came to in the field (frost/fan-command.ts FAN_REQUEST_OUTCOMES). */
export const fanRequestOutcomeSchema = z.enum(FAN_REQUEST_OUTCOMES);

/** A fan's start or stop request: the request, who asked, the override and the outcome. */
export const fanRequestSchema = actionRequestSchema.extend({
  requestedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** The start was asked with override: true. */
  override: z.boolean(),
  /** The refusals the override went past, in words; empty when nothing was overridden. */
  overridden: z.array(z.string()),
  /** Null while the field has not answered yet (and for a request that failed to be sent). */
  outcome: fanRequestOutcomeSchema.nullable(),
});
export type FanRequest = z.infer<typeof fanRequestSchema>;

export const fanEndpoints = {
  startFan: defineEndpoint({
    method: 'POST',
    path: '/fans/:id/start',
    tag: 'frost',
    summary: 'Ask a frost fan to start (needs the edit privilege on its area)',
    description:
      'Records a start request (202, status new) for the field link. Refused with 409 and ' +
      `reason "${FAN_START_REFUSED_REASON}" (detail: each reason in words) when the canopy is ` +
      `above the site’s start temperature plus ${FAN_START_MARGIN_C} °C, the wind ` +
      'above its shutdown speed, or there ' +
      'is no recent canopy reading, unless the body says override: true, which is recorded. 409 ' +
      'also while an earlier command of the fan is open or when its controller is on no radio or ' +
      'unit. With the requestId of an earlier request of this fan: 200 with it, and nothing is sent. ' +
      'A start that shows no RPM within 120 s raises the critical alarm "Fan failed to start".',
    params: idParamSchema,
    body: fanStartBodySchema,
    responses: { 200: fanRequestSchema, 202: fanRequestSchema },
  }),
  stopFan: defineEndpoint({
    method: 'POST',
    path: '/fans/:id/stop',
    tag: 'frost',
    summary: 'Ask a frost fan to stop (needs the edit privilege on its area)',
    description:
      'Records a stop request (202). A stop is never refused by the frost rules and overtakes a ' +
      'start still in flight (cancelled). With requestId: 200 with that request.',
    params: idParamSchema,
    body: fanStopBodySchema,
    responses: { 200: fanRequestSchema, 202: fanRequestSchema },
  }),
  listFanRequests: defineEndpoint({
    method: 'GET',
    path: '/fans/:id/requests',
    tag: 'frost',
    summary: `The fan's start and stop requests, newest first, at most ${FAN_REQUESTS_LIMIT}`,
    params: idParamSchema,
    responses: { 200: fanRequestSchema.array() },
  }),
  getFanRequest: defineEndpoint({
    method: 'GET',
    path: '/fans/:id/requests/:requestId',
    tag: 'frost',
    summary: 'One start or stop request of the fan, polled until it is done',
    params: requestParamSchema,
    responses: { 200: fanRequestSchema },
  }),
};
