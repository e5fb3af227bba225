import { describe, expect, it } from 'vitest';
import type { RequestAction, RequestStatus } from '../entities/vocabulary.ts';
import { mayOvertake, overtaken } from './overtaking.ts';

describe('overtaking', () => {
  it.each<[RequestAction, boolean]>([
    ['pause', true],
    ['start', false],
    ['resume', false],
    ['test', false],
    ['ping', false],
    ['export', false],
    ['stop', true],
  ])('a %s may overtake a request in flight: %s', (action, expected) => {
    expect(mayOvertake(action)).toBe(expected);
  });

  it.each<[RequestStatus, ReturnType<typeof overtaken>]>([
    ['new', { status: 'cancelled', reason: 'overtaken by request 7' }],
    ['pending', { status: 'cancelled', reason: 'overtaken by request 7' }],
    ['inProgress', { status: 'cancelled', reason: 'overtaken by request 7' }],
    ['done', null],
    ['failed', null],
    ['cancelled', null],
  ])('a %s request overtaken by request 7', (status, expected) => {
    expect(overtaken({ status }, 7)).toEqual(expected);
  });
});
