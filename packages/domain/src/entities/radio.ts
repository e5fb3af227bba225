/** Radio (§3): a WVC, WMR or LoRa field radio, its mesh role and its health readings. */
import { z } from 'zod';
import { devEuiSchema } from '../lorawan/dev-eui.ts';
import { locationTextSchema } from './geometry.ts';
import {
  REPORT_INTERVAL_MAX_SECONDS,
  REPORT_INTERVAL_MIN_SECONDS,
  TAG_MAX_LENGTH,
} from '../constants/limits.ts';
import {
  idSchema,
  nonEmptyStringSchema,
  nullableIsoDateTimeSchema,
  textSchema,
} from './primitives.ts';
import { radioTypeSchema } from './vocabulary.ts';

/** Tags of a device (§3 tags.identifier), e.g. canopy or weather. */
export const deviceTagsSchema = z.object({ identifier: z.string().optional() });
export type DeviceTags = z.infer<typeof deviceTagsSchema>;
/** Tags as sent in an edit: only the keys §3 names. */
export const deviceTagsBodySchema = z.strictObject({
  identifier: textSchema(TAG_MAX_LENGTH).optional(),
});

/** How often a radio or unit reports, seconds (ours: the spec names no interval). */
export const reportIntervalSchema = z
  .number()
  .int()
  .min(REPORT_INTERVAL_MIN_SECONDS)
  .max(REPORT_INTERVAL_MAX_SECONDS)
  .describe('Seconds between reports; past 1.5 of them without a report the device is overdue');

/** A radio's mesh role (§3, §9 alarm targets). */
const radioConfigShape = {
  /** Relays other radios (repeater states of §4, repeater alarms of §9). */
  repeater: z.boolean(),
  /** Heads the mesh (coordinator alarms of §9). */
  coordinator: z.boolean(),
  /** Ids of the radios relayed by this one. */
  children: z.array(idSchema),
};
export const radioConfigSchema = z.object(radioConfigShape);
export type RadioConfig = z.infer<typeof radioConfigSchema>;

export const radioSchema = z.object({
  id: idSchema,
  type: radioTypeSchema,
  /** Unit id. */
  unit: idSchema.nullable(),
  serialno: nonEmptyStringSchema,
  /** Section id. */
  section: idSchema.nullable(),
  /** Point text. */
  location: locationTextSchema.nullable(),
  tags: deviceTagsSchema,
  config: radioConfigSchema,
  /** No report within the expected time (§4: overdue is a fault). */
  overdue: z.boolean(),
  lastUpdate: nullableIsoDateTimeSchema,
  fault: z.boolean(),
  online: z.boolean(),
  /** Battery voltage, V (§9 threshold 3.3). */
  batteryValue: z.number().nullable(),
  /** Signal strength, dBm (§9 threshold -99). */
  signalValue: z.number().nullable(),
  /** Missed reports (§9 threshold 10). */
  missesValue: z.number().nullable(),
  /** Ours: how often it reports, seconds (overdue past 1.5 of them). */
  reportIntervalSeconds: z.number().int().positive().optional(),
  /** A LoRaWAN device's devEUI (16 upper-case hex digits), matched to a network link's uplinks. */
  devEui: z.string().nullable().optional(),
});
export type Radio = z.infer<typeof radioSchema>;

/**
 * PUT radios/{id} (§7 gives no body). Decision: the editable fields (section, location, tags,
 * config; the reporting interval, which needs the install privilege), at least one.
 */
export const radioUpdateBodySchema = z
  .strictObject({
    section: idSchema.nullable(),
    location: locationTextSchema.nullable(),
    tags: deviceTagsBodySchema,
    config: z.strictObject(radioConfigShape),
    reportIntervalSeconds: reportIntervalSchema,
    /** Any way a label writes it (dashes, colons, lower case); stored as 16 upper-case digits. */
    devEui: devEuiSchema.nullable(),
  })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message:
      'Nothing to update: give section, location, tags, config, reportIntervalSeconds or devEui',
  });
export type RadioUpdateBody = z.infer<typeof radioUpdateBodySchema>;
