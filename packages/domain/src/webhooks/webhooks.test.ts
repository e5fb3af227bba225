import { describe, expect, it } from 'vitest';
import {
  isDelivered,
  nextAttemptAt,
  retryDelayMs,
  WEBHOOK_GIVE_UP_MS,
  WEBHOOK_RETRY_MAX_MS,
} from './delivery.ts';
import { webhookEventDataSchemas, webhookPayloadSchema, WEBHOOK_EVENT_KINDS } from './events.ts';
import { webhookHeaders } from './signature.ts';

describe('webhookHeaders', () => {
  // The convention's published test vector (standard-webhooks, libraries' "sign function works").
  it('signs the published test vector', () => {
    const headers = webhookHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('signs whole seconds: the milliseconds of the attempt change nothing', () => {
    const sign = (ms: number) =>
      webhookHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_1', new Date(ms), '{}');
    expect(sign(1614265330_999)).toEqual(sign(1614265330_000));
  });

  it('changes with the body, the id and the secret', () => {
    const at = new Date(1614265330_000);
    const base = webhookHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_1', at, '{}');
    const others = [
      webhookHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_1', at, '{ }'),
      webhookHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_2', at, '{}'),
      webhookHeaders('whsec_AfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_1', at, '{}'),
    ];
    for (const other of others) {
      expect(other['webhook-signature']).not.toBe(base['webhook-signature']);
    }
  });
});

describe('retries', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 1_920_000],
    [8, WEBHOOK_RETRY_MAX_MS],
    [40, WEBHOOK_RETRY_MAX_MS],
  ])('after failure %i the wait is %i ms', (failures, wait) => {
    expect(retryDelayMs(failures)).toBe(wait);
  });

  const first = new Date('2026-11-21T09:00:00Z');
  const after = (ms: number) => new Date(first.getTime() + ms);

  it('tries again within the 24 hours after the first attempt', () => {
    expect(nextAttemptAt(3, first, after(5 * 60_000))).toEqual(after(5 * 60_000 + 120_000));
    const late = WEBHOOK_GIVE_UP_MS - 1;
    expect(nextAttemptAt(30, first, after(late))).toEqual(after(late + WEBHOOK_RETRY_MAX_MS));
  });

  it('gives up on the first failure 24 hours or more after the first attempt', () => {
    expect(nextAttemptAt(30, first, after(WEBHOOK_GIVE_UP_MS))).toBeNull();
  });

  it('keeps trying for at least 24 hours, in at most about 32 attempts', () => {
    let now = first;
    let attempts = 1;
    for (
      let next = nextAttemptAt(1, first, now);
      next;
      next = nextAttemptAt(attempts, first, now)
    ) {
      now = next;
      attempts += 1;
    }
    expect(now.getTime() - first.getTime()).toBeGreaterThanOrEqual(WEBHOOK_GIVE_UP_MS);
    expect(attempts).toBeLessThanOrEqual(32);
  });

  it.each([
    [200, true],
    [204, true],
    [299, true],
    [301, false],
    [410, false],
    [500, false],
    [null, false],
  ])('an answer %s delivers: %s', (status, delivered) => {
    expect(isDelivered(status)).toBe(delivered);
  });
});

describe('event payloads', () => {
  it('every kind has its data schema', () => {
    expect(Object.keys(webhookEventDataSchemas).sort()).toEqual([...WEBHOOK_EVENT_KINDS].sort());
  });

  it('reads a body as sent', () => {
    const data = {
      site: 1,
      area: 2,
      at: '2026-11-21T09:00:00.000Z',
      message: 'Alarm: Soil dry: below 20 %',
      alarm: { id: 3, label: 'Soil dry', severity: 'warning' },
      value: 18.5,
    };
    const body = { type: 'alarm.raised', timestamp: data.at, data };
    expect(webhookPayloadSchema.parse(body)).toEqual(body);
    expect(webhookEventDataSchemas['alarm.raised'].parse(data)).toEqual(data);
  });
});
