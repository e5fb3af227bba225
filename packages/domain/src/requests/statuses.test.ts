import { describe, expect, it } from 'vitest';
import { requestStatusSchema, type RequestStatus } from '../entities/vocabulary.ts';
import {
  FINAL_REQUEST_STATUSES,
  isFailedRequestStatus,
  isFinalRequestStatus,
  isOpenRequestStatus,
  OPEN_REQUEST_STATUSES,
} from './statuses.ts';

describe('request statuses', () => {
  it.each<[RequestStatus, boolean, boolean, boolean]>([
    // status, open, final, failed
    ['new', true, false, false],
    ['pending', true, false, false],
    ['inProgress', true, false, false],
    ['done', false, true, false],
    ['failed', false, true, true],
    ['cancelled', false, true, true],
  ])('%s: open %s, final %s, failed %s', (status, open, final, failed) => {
    expect(isOpenRequestStatus(status)).toBe(open);
    expect(isFinalRequestStatus(status)).toBe(final);
    expect(isFailedRequestStatus(status)).toBe(failed);
  });

  it('splits every status into open or final, never both', () => {
    const all = [...OPEN_REQUEST_STATUSES, ...FINAL_REQUEST_STATUSES];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...requestStatusSchema.options].sort());
  });
});
