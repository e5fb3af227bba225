/**
 * The water consent form's rules (docs/water-take.md): what the user typed checked field by
 * field before it is sent, each message a translation key, and the body the server takes. The
 * server checks the same (waterConsentBodySchema) and answers 400 or 409 with the field.
 */
import {
  CONSENT_METERS_MAX,
  CONSENT_NUMBER_MAX_LENGTH,
  waterConsentBodySchema,
  type WaterConsent,
  type WaterConsentBody,
} from '@paddock/domain';

export type ConsentDraft = {
  consentNumber: string;
  label: string;
  maxRateLps: string;
  maxDailyVolumeM3: string;
  meters: { sensor: string; verifiedOn: string }[];
};

const LIMIT_MAX = 1_000_000;
const LABEL_MAX = 100;

export function draftOf(consent: WaterConsent | null): ConsentDraft {
  return {
    consentNumber: consent?.consentNumber ?? '',
    label: consent?.label ?? '',
    maxRateLps: consent?.maxRateLps == null ? '' : String(consent.maxRateLps),
    maxDailyVolumeM3: consent?.maxDailyVolumeM3 == null ? '' : String(consent.maxDailyVolumeM3),
    meters: consent?.meters.map((meter) => ({
      sensor: String(meter.sensor),
      verifiedOn: meter.verifiedOn ?? '',
    })) ?? [{ sensor: '', verifiedOn: '' }],
  };
}

/** A limit as typed: empty is none; otherwise a number above zero and at most a million. */
function limitMessage(text: string): string | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return 'WaterTake.Edit.Positive';
  if (value > LIMIT_MAX) return 'WaterTake.Edit.AtMost';
  return null;
}

/** Messages (translation keys) by field: consentNumber, maxRateLps, meters, meters.N.sensor, … */
export function checkConsent(draft: ConsentDraft): Record<string, string> {
  const messages: Record<string, string> = {};
  if (draft.consentNumber.trim() === '') messages.consentNumber = 'WaterTake.Edit.NumberRequired';
  else if (draft.consentNumber.trim().length > CONSENT_NUMBER_MAX_LENGTH) {
    messages.consentNumber = 'WaterTake.Edit.TooLong';
  }
  if (draft.label.trim().length > LABEL_MAX) messages.label = 'WaterTake.Edit.TooLong';
  for (const field of ['maxRateLps', 'maxDailyVolumeM3'] as const) {
    const message = limitMessage(draft[field]);
    if (message) messages[field] = message;
  }
  if (draft.meters.length === 0) messages.meters = 'WaterTake.Edit.MeterRequired';
  if (draft.meters.length > CONSENT_METERS_MAX) messages.meters = 'WaterTake.Edit.TooManyMeters';
  const seen = new Set<string>();
  draft.meters.forEach((meter, index) => {
    if (meter.sensor === '') messages[`meters.${index}.sensor`] = 'WaterTake.Edit.PickMeter';
    else if (seen.has(meter.sensor))
      messages[`meters.${index}.sensor`] = 'WaterTake.Edit.MeterTwice';
    seen.add(meter.sensor);
    if (meter.verifiedOn !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(meter.verifiedOn)) {
      messages[`meters.${index}.verifiedOn`] = 'WaterTake.Edit.BadDate';
    }
  });
  return messages;
}

/** The body to send, or null while a field has a message (or the server's schema refuses it). */
export function consentBody(draft: ConsentDraft): WaterConsentBody | null {
  if (Object.keys(checkConsent(draft)).length > 0) return null;
  const limit = (text: string) => (text.trim() === '' ? null : Number(text));
  const parsed = waterConsentBodySchema.safeParse({
    consentNumber: draft.consentNumber.trim(),
    label: draft.label.trim() === '' ? null : draft.label.trim(),
    maxRateLps: limit(draft.maxRateLps),
    maxDailyVolumeM3: limit(draft.maxDailyVolumeM3),
    meters: draft.meters.map((meter) => ({
      sensor: Number(meter.sensor),
      verifiedOn: meter.verifiedOn === '' ? null : meter.verifiedOn,
    })),
  });
  return parsed.success ? parsed.data : null;
}
