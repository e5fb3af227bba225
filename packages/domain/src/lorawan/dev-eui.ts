/**
 * The devEUI rule (issue 32 item 2): a LoRaWAN device is matched to its radio by its devEUI, the
 * 64-bit identifier printed on its label and reported by every network server. Labels and
 * consoles write it in several ways (`70b3d57ed005a1c2`, `70-B3-D5-7E-D0-05-A1-C2`,
 * `70:b3:d5:…`), so it is kept in one form, 16 upper-case hex digits, as ChirpStack shows it:
 * the same device typed two ways must find the same radio, and the uniqueness check must see it.
 */
import { z } from 'zod';

export const DEV_EUI_MESSAGE =
  'A devEUI is 16 hexadecimal digits, e.g. 70B3D57ED005A1C2 (dashes or colons between pairs allowed)';

/** Eight byte pairs, each optionally followed by one dash or colon (the label's separators). */
const DEV_EUI_WRITTEN = /^(?:[0-9a-f]{2}[-:]?){7}[0-9a-f]{2}$/i;

/**
 * The devEUI in its one stored form, or null when the text is not one. All zeros is refused: it
 * is the blank a device reports before it is provisioned, so two unprovisioned devices would be
 * taken for one radio.
 */
export function normaliseDevEui(text: string): string | null {
  const trimmed = text.trim();
  if (!DEV_EUI_WRITTEN.test(trimmed)) return null;
  const devEui = trimmed.replace(/[-:]/g, '').toUpperCase();
  return /^0+$/.test(devEui) ? null : devEui;
}

/** A devEUI as typed into a form or sent by a network server, given back in its stored form. */
export const devEuiSchema = z.string().transform((text, context) => {
  const devEui = normaliseDevEui(text);
  if (devEui === null) {
    context.addIssue({ code: 'custom', message: DEV_EUI_MESSAGE });
    return z.NEVER;
  }
  return devEui;
});
