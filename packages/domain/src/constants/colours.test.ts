import { describe, expect, it } from 'vitest';
import { COLOURS } from './colours.ts';

describe('§9 colours', () => {
  it.each([
    ['fault', '#F44336'],
    ['warning', '#F4D03F'],
    ['info', '#03A9F4'],
    ['running', '#448AFF'],
    ['irrigated', '#4CAF50'],
    ['success', '#4CAF50'],
    ['stopped', '#ECEFF1'],
    ['paused', '#FFB300'],
    ['test', '#f60'],
    ['selected', '#9c28b7'],
  ] as const)('%s is %s', (state, colour) => {
    expect(COLOURS[state]).toBe(colour);
  });

  it('names exactly the states of §9', () => {
    expect(Object.keys(COLOURS).sort()).toEqual([
      'fault',
      'info',
      'irrigated',
      'paused',
      'running',
      'selected',
      'stopped',
      'success',
      'test',
      'warning',
    ]);
  });

  it.each(Object.entries(COLOURS))('%s is a CSS hex colour', (_state, colour) => {
    expect(colour).toMatch(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i);
  });
});
