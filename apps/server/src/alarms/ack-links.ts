/**
 * Single-use acknowledgement links for alarm emails, sms and calls. A token names one or more
 * rows of alarm_ack_links (a call that reads three alarms acknowledges the three) and is signed
 * with the server's link key (HMAC-SHA256, truncated to 128 bits), so ids cannot be guessed;
 * a row is used up by a conditional UPDATE, so a link works once even when clicked twice at once
 * (ack-link.repository.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

function mac(secret: string, ids: string): string {
  return createHmac('sha256', secret).update(`alarm-ack:${ids}`).digest('base64url').slice(0, 22);
}

export function signAckToken(secret: string, linkIds: readonly number[]): string {
  const ids = linkIds.join('-');
  return `${ids}.${mac(secret, ids)}`;
}

/** The link ids of a genuine token; null for anything else. */
export function verifyAckToken(secret: string, token: string): number[] | null {
  const match = /^(\d{1,10}(?:-\d{1,10}){0,49})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(mac(secret, match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return match[1].split('-').map(Number);
}
