/**
 * Faults the simulator can be told to show, so alarms, overdue detection and failed requests can
 * be seen without broken hardware:
 * - silence: a radio or unit goes quiet (sends nothing, hears nothing) until cleared;
 * - lowBattery: its battery reads nearly spent;
 * - valveFault: a control (or every control of a device) reports a fault and fails commands;
 * - spike: a sensor's next reports (1 unless `reports` says more) carry an absurd value;
 * - pumpFault: a pump's motor protection trips: the pump stops, reports a fault and will not
 *   start (a close is still done) until cleared;
 * - tankLevelFault: a tank's level probe fails: it reads an empty tank and reports a fault.
 * Input from the control server and the CLI is parsed with these schemas.
 */
import { serialnoSchema } from '@paddock/domain';
import { z } from 'zod';

const id = z.number().int().positive();

export const faultInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('silence'), serialno: serialnoSchema }).strict(),
  z.object({ kind: z.literal('lowBattery'), serialno: serialnoSchema }).strict(),
  z
    .object({
      kind: z.literal('valveFault'),
      serialno: serialnoSchema.optional(),
      controlId: id.optional(),
    })
    .strict()
    .refine((fault) => fault.serialno !== undefined || fault.controlId !== undefined, {
      message: 'A valve fault names a device (serialno) or a control (controlId)',
    }),
  z
    .object({
      kind: z.literal('spike'),
      serialno: serialnoSchema.optional(),
      sensorId: id.optional(),
      /** Only this metric of the sensor; all of them when not given. */
      metric: z.string().min(1).optional(),
      /** The value to report; when not given, far beyond anything the sensor can read. */
      value: z.number().refine(Number.isFinite, 'A value is a finite number').optional(),
      reports: z.number().int().positive().max(1000).default(1),
    })
    .strict()
    .refine((fault) => fault.serialno !== undefined || fault.sensorId !== undefined, {
      message: 'A spike names a device (serialno) or a sensor (sensorId)',
    }),
  z.object({ kind: z.literal('pumpFault'), controlId: id }).strict(),
  z.object({ kind: z.literal('tankLevelFault'), sensorId: id }).strict(),
]);
export type FaultInput = z.input<typeof faultInputSchema>;
export type FaultSpec = z.output<typeof faultInputSchema>;

/** An injected fault as the simulator keeps it. */
export type Fault = FaultSpec & { id: number; injectedAt: string };

export const faultFilterSchema = z
  .object({
    id: id.optional(),
    kind: z
      .enum(['silence', 'lowBattery', 'valveFault', 'spike', 'pumpFault', 'tankLevelFault'])
      .optional(),
    serialno: serialnoSchema.optional(),
  })
  .strict();
export type FaultFilter = z.infer<typeof faultFilterSchema>;

/** The fault names a device, control or sensor the simulator does not have. */
export class UnknownTargetError extends Error {}
