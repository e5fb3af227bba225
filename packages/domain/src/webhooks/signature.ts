/**
 * Standard Webhooks signing (standardwebhooks.com): each request carries `webhook-id` (the
 * event's id, the same on every attempt, so a receiver can drop a repeat), `webhook-timestamp`
 * (the attempt's time, in seconds) and `webhook-signature` ("v1," + base64 of HMAC-SHA256 over
 * "{id}.{timestamp}.{body}" with the endpoint's secret). The maintained library signs; the
 * secret is shown once, as "whsec_" + base64, which receivers' libraries take as it is.
 */
import { Webhook } from 'standardwebhooks';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes in a secret: 192 bits, as the convention suggests (between 24 and 64). */
export const WEBHOOK_SECRET_BYTES = 24;

/** The three headers of one attempt to deliver `body`. */
export function webhookHeaders(
  secret: string,
  messageId: string,
  timestamp: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, timestamp, body),
  };
}

/** A secret as the convention writes it, from its random bytes (base64). */
export function webhookSecretOf(base64Bytes: string): string {
  return `${WEBHOOK_SECRET_PREFIX}${base64Bytes}`;
}
