import { describe, expect, it } from 'vitest';
import { notificationTestOutcome, type NotificationTestOutcome } from './notification-test.ts';

describe('§4 notification test status: new, inProgress, done; other final status is failure', () => {
  it.each<[string | null | undefined, NotificationTestOutcome]>([
    ['new', 'pending'],
    ['inProgress', 'pending'],
    ['pending', 'pending'],
    ['done', 'done'],
    ['failed', 'failed'],
    ['cancelled', 'failed'],
    ['exploded', 'failed'],
    ['', 'failed'],
    [null, 'failed'],
    [undefined, 'failed'],
    ['Done', 'failed'],
  ])('%j → %s', (status, expected) => {
    expect(notificationTestOutcome(status)).toBe(expected);
  });
});
