/**
 * Faults the simulator can be told to show, so alarms, overdue detection and failed requests can
 * be seen without broken hardware:
 * - silence: a radio or unit goes quiet (sends nothing, hears nothing) until cleared;
 * - lowBattery: its battery reads nearly spent;
 * - valveFault: a control (or every control of a device) reports a fault and fails commands;
 * - spike: a sensor's next reports (1 unless `reports` says more) carry an absurd value;
 * - pumpFault: a pump's motor protection trips: the pump stops, reports a fault and will not
 *   start (a close is still done) until cleared;
 * - tankLevelFault: a tank's level probe fails: it reads an empty tank and reports a fault;
 * - burst / blocked: a zone's (section's) valves pass ×1.6 / ×0.2 of their flow while they run,
 *   so the flow supervision's high and low flow alarms can be seen on its meter;
 * - leak: a meter reads a constant flow (`flow`, L/min, 20 unless given) even while nothing runs.
 * Input from the control server and the CLI is parsed with these schemas.
 */
import { serialnoSchema } from '@paddock/domain';
import { z } from 'zod';

const id = z.number().int().positive();

/** L/min a leak shows when `flow` is not given. */
const DEFAULT_LEAK_L_MIN = 20;

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
  z.object({ kind: z.literal('burst'), sectionId: id }).strict(),
  z.object({ kind: z.literal('blocked'), sectionId: id }).strict(),
  z
    .object({
      kind: z.literal('leak'),
      sensorId: id,
      /** L/min, as a farmer would size a leak; 20 is a split dripline, plain on any meter. */
      flow: z.number().positive().max(10_000).default(DEFAULT_LEAK_L_MIN),
    })
    .strict(),
]);
export type FaultInput = z.input<typeof faultInputSchema>;
export type FaultSpec = z.output<typeof faultInputSchema>;

/** An injected fault as the simulator keeps it. */
export type Fault = FaultSpec & { id: number; injectedAt: string };

export const faultFilterSchema = z
  .object({
    id: id.optional(),
    kind: z
      .enum([
        'silence',
        'lowBattery',
        'valveFault',
        'spike',
        'pumpFault',
        'tankLevelFault',
        'burst',
        'blocked',
        'leak',
      ])
      .optional(),
    serialno: serialnoSchema.optional(),
  })
  .strict();
export type FaultFilter = z.infer<typeof faultFilterSchema>;

/** The fault names a device, control or sensor the simulator does not have. */
export class UnknownTargetError extends Error {}
