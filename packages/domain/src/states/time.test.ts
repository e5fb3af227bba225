import { describe, expect, it } from 'vitest';
import { hasPassed, toDate, toEpochMs, type Instant } from './time.ts';

const now = new Date('2024-09-01T12:00:00Z');
const nowMs = now.getTime();

describe('§4 instants ("has passed", "in the past")', () => {
  it.each<[string, Instant | null | undefined, number | null]>([
    ['ISO with Z', '2024-09-01T12:00:00Z', nowMs],
    ['ISO with offset', '2024-09-02T00:00:00+12:00', nowMs],
    ['epoch ms', nowMs, nowMs],
    ['Date', new Date(nowMs), nowMs],
    ['null', null, null],
    ['undefined', undefined, null],
    ['empty text', '', null],
    ['unreadable text', 'soon', null],
    ['NaN', Number.NaN, null],
    ['invalid Date', new Date('nope'), null],
  ])('toEpochMs reads %s', (_, instant, expected) => {
    expect(toEpochMs(instant)).toBe(expected);
  });

  it('toDate gives a Date for a readable instant and null otherwise', () => {
    expect(toDate('2024-09-01T12:00:00Z')?.getTime()).toBe(nowMs);
    expect(toDate(null)).toBeNull();
  });

  it.each<[string, Instant | null | undefined, boolean]>([
    ['one minute ago → true', '2024-09-01T11:59:00Z', true],
    ['exactly now → true', '2024-09-01T12:00:00Z', true],
    ['one ms ahead → false', nowMs + 1, false],
    ['one minute ahead → false', '2024-09-01T12:01:00Z', false],
    ['absent → false', undefined, false],
    ['null → false', null, false],
    ['unreadable → false', 'later', false],
  ])('%s', (_, instant, expected) => {
    expect(hasPassed(instant, now)).toBe(expected);
  });
});
