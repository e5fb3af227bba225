import { buildProgram, buildProgramZone } from '@paddock/domain/testing';
import { describe, expect, it } from 'vitest';
import { isProgramLive } from './live.ts';

const NOW = new Date('2026-11-21T08:00:00Z');

describe('a program is followed at the live pace while it changes in the field', () => {
  const stopped = buildProgram();
  it.each([
    ['stopped and idle', stopped, false],
    ['running', buildProgram({ status: { ...stopped.status, activity: 'running' } }), true],
    ['pausing', buildProgram({ status: { ...stopped.status, activity: 'pausing' } }), true],
    ['paused', buildProgram({ status: { ...stopped.status, activity: 'paused' } }), false],
    [
      'running with an end time past (shown stopped)',
      buildProgram({
        status: { ...stopped.status, activity: 'running', endTime: '2026-11-21T07:00:00Z' },
      }),
      false,
    ],
    [
      'a request in flight',
      buildProgram({ status: { ...stopped.status, requestActive: true } }),
      true,
    ],
    [
      'a zone running on its own',
      buildProgram({
        zones: [
          buildProgramZone({
            application: { ...buildProgramZone().application, status: 'running' },
          }),
        ],
      }),
      true,
    ],
  ])('%s → %s', (_, program, expected) => {
    expect(isProgramLive(program, NOW)).toBe(expected);
  });
});
