/** Action request (§3 Request): a start, pause, ping, export or test sent to hardware, and its progress. */
import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  nullableIsoDateTimeSchema,
  requestIdSchema,
} from './primitives.ts';
import { requestActionSchema, requestStatusSchema, requestTypeSchema } from './vocabulary.ts';

export const actionRequestSchema = z.object({
  id: requestIdSchema,
  action: requestActionSchema,
  /** What kind of thing the target id names. */
  type: requestTypeSchema,
  status: requestStatusSchema,
  /** Id of the control, program, radio, area, site or fan (its controller's sensor) acted on. */
  target: idSchema,
  created: isoDateTimeSchema,
  updated: nullableIsoDateTimeSchema,
  /**
   * True while a command of the request waits at a LoRaWAN network server for a class A device
   * to open its receive windows, after its next uplink (issue 32): slow, not failing. The
   * request's deadline allows for the device's reporting interval.
   */
  waitingForDevice: z.boolean().optional(),
});
export type ActionRequest = z.infer<typeof actionRequestSchema>;
