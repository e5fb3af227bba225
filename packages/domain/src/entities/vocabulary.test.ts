import { describe, expect, it } from 'vitest';
import { areaTypeSchema, requestStatusSchema } from './vocabulary.ts';

describe('§3 vocabulary', () => {
  it.each([
    ['irrigation', true],
    ['', true],
    ['greenhouse', false],
  ])('area type %j is accepted: %s', (value, ok) => {
    expect(areaTypeSchema.safeParse(value).success).toBe(ok);
  });

  it('request statuses are exactly the six of §3', () => {
    const statuses = ['new', 'inProgress', 'done', 'failed', 'cancelled', 'pending'];
    expect(requestStatusSchema.options).toEqual(statuses);
  });
});
