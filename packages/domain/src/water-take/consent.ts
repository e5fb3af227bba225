/**
 * A water permit ("consent" in NZ councils' words) on a site: its number, the water meters that
 * measure its take, and the limits it sets, if given. The meters are the site's `watermeter`
 * sensors; each carries the date it was last verified (reg 7; docs/water-take.md).
 */
import { z } from 'zod';
import { idSchema, trimmedTextSchema } from '../entities/primitives.ts';
import { idParamsSchema } from '../entities/params.ts';
import { calendarDateSchema } from './days.ts';
import { qualityCodeSchema } from './quality.ts';

/** Decision: consent numbers such as CRC123456 or RM21.123.01 fit in 40 characters. */
export const CONSENT_NUMBER_MAX_LENGTH = 40;
/** Decision: a consent lists at most this many meters. */
export const CONSENT_METERS_MAX = 20;
/** Decision: one water-take download covers at most this many days. */
export const WATER_TAKE_MAX_DAYS = 31;

export const consentMeterSchema = z.object({
  sensor: idSchema,
  /** The meter's last verification (YYYY-MM-DD), or null when none is on record. */
  verifiedOn: calendarDateSchema.nullable(),
});
export type ConsentMeter = z.infer<typeof consentMeterSchema>;

const positive = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .positive(`${what} must be above zero`)
    .max(1_000_000, `${what} is at most 1,000,000`)
    .nullable();

export const waterConsentBodySchema = z
  .object({
    consentNumber: trimmedTextSchema(CONSENT_NUMBER_MAX_LENGTH),
    label: trimmedTextSchema(100).nullable().default(null),
    /** L/s, as the consent states it. */
    maxRateLps: positive('The maximum rate').default(null),
    /** m³ a day, as the consent states it. */
    maxDailyVolumeM3: positive('The maximum daily volume').default(null),
    meters: z
      .array(consentMeterSchema)
      .min(1, 'A consent names at least one water meter')
      .max(CONSENT_METERS_MAX, `A consent names at most ${CONSENT_METERS_MAX} water meters`),
  })
  .refine((body) => new Set(body.meters.map((meter) => meter.sensor)).size === body.meters.length, {
    message: 'A water meter is listed once',
    path: ['meters'],
  });
export type WaterConsentBody = z.infer<typeof waterConsentBodySchema>;

export const waterConsentSchema = z.object({
  id: idSchema,
  site: idSchema,
  consentNumber: z.string(),
  label: z.string().nullable(),
  maxRateLps: z.number().nullable(),
  maxDailyVolumeM3: z.number().nullable(),
  meters: z.array(
    consentMeterSchema.extend({
      label: z.string(),
      serialno: z.string().nullable(),
      /** The verification is missing or older than five years. */
      verificationDue: z.boolean(),
    }),
  ),
  modifiedAt: z.string(),
});
export type WaterConsent = z.infer<typeof waterConsentSchema>;

export const waterConsentListSchema = z.object({
  site: idSchema,
  timezone: z.string(),
  consents: z.array(waterConsentSchema),
});

export const consentParamSchema = idParamsSchema('id', 'consentId');

export const waterTakeFormatSchema = z.enum(['csv', 'xlsx']);
export type WaterTakeFormat = z.infer<typeof waterTakeFormatSchema>;

export const waterTakeQuerySchema = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema.optional(),
    format: waterTakeFormatSchema.default('csv'),
  })
  .refine((query) => !query.to || query.to >= query.from, {
    message: 'The range must not end before it starts',
    path: ['to'],
  })
  .refine(
    (query) =>
      !query.to ||
      (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < WATER_TAKE_MAX_DAYS,
    { message: `A download covers at most ${WATER_TAKE_MAX_DAYS} days`, path: ['to'] },
  );

export const waterTakeDayStatusSchema = z.enum(['produced', 'failed', 'due', 'notDue']);
export type WaterTakeDayStatus = z.infer<typeof waterTakeDayStatusSchema>;

export const waterTakeDaysQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

export const waterTakeDaysSchema = z.object({
  consent: idSchema,
  timezone: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      /**
       * produced: the day's file was written; failed: the last try failed (it is tried again);
       * due: the day has ended and its file is not written yet; notDue: the day has not ended.
       */
      status: waterTakeDayStatusSchema,
      producedAt: z.string().nullable(),
      /** When late data made the produced file more complete, the last time it was rewritten. */
      amendedAt: z.string().nullable(),
      /** m³ the file records for the day, over all the consent's meters. */
      volume: z.number().nullable(),
      /** The worst quality code in the file. */
      quality: qualityCodeSchema.nullable(),
      error: z.string().nullable(),
    }),
  ),
});

export const waterTakeDayParamSchema = consentParamSchema.extend({ date: calendarDateSchema });
