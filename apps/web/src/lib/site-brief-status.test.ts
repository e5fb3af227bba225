import { COLOURS } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { SITE_BRIEF_COLOURS, siteBriefStatus } from './site-brief-status.ts';

const brief = (faults: number, warnings: number) => ({
  faults,
  warnings,
  running: 0,
  lastUpdate: null,
});

describe('siteBriefStatus', () => {
  it.each([
    [brief(1, 3), 'fault'],
    [brief(0, 2), 'warning'],
    [brief(0, 0), 'normal'],
    [null, 'normal'],
    [undefined, 'normal'],
  ] as const)('%o reads as %s', (summary, status) => {
    expect(siteBriefStatus(summary)).toBe(status);
  });

  it('uses the §9 colours', () => {
    expect(SITE_BRIEF_COLOURS).toEqual({
      fault: COLOURS.fault,
      warning: COLOURS.warning,
      normal: COLOURS.success,
    });
  });
});
