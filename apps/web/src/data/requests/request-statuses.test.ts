import { describe, expect, it } from 'vitest';
import { isFailedRequestStatus, isFinalRequestStatus } from './request-statuses.ts';

describe('request statuses (§3)', () => {
  it.each([
    ['new', false, false],
    ['pending', false, false],
    ['inProgress', false, false],
    ['done', true, false],
    ['failed', true, true],
    ['cancelled', true, true],
  ] as const)('%s: final %s, failed %s', (status, final, failed) => {
    expect(isFinalRequestStatus(status)).toBe(final);
    expect(isFailedRequestStatus(status)).toBe(failed);
  });
});
