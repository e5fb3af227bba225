/**
 * Base64 both ways, by hand: the domain runs in the browser and on the server and has neither
 * Buffer nor a dependable atob. Network servers carry a frame's payload as base64 text, up
 * (`data`, `frm_payload`) and down.
 */
import { z } from 'zod';

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A base64 text of a schema that has checked it, as bytes. */
export function bytesOf(base64: string): Uint8Array {
  const digits = base64.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((digits.length * 3) / 4));
  let bits = 0;
  let held = 0;
  let length = 0;
  for (const digit of digits) {
    bits = ((bits << 6) | BASE64_DIGITS.indexOf(digit)) & 0xffff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      bytes[length++] = (bits >> held) & 0xff;
    }
  }
  return bytes;
}

/** Bytes as base64 text, padded. */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const word = (a << 16) | (b << 8) | c;
    const held = Math.min(3, bytes.length - i);
    for (let j = 0; j <= held; j++) text += BASE64_DIGITS[(word >> (18 - 6 * j)) & 63];
    text += '='.repeat(3 - held);
  }
  return text;
}

export const base64Schema = z
  .string()
  .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'Must be base64');
