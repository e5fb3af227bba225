import { describe, expect, it } from 'vitest';
import type { PumpAction } from '../entities/vocabulary.ts';
import { pumpActionsOf, pumpFaultDecision, runDrivesPumps } from './pump-actions.ts';

const both: PumpAction[] = ['autoProgramPause', 'autoProgramResume'];

describe('pumpFaultDecision', () => {
  it.each([
    ['fault while running pauses', both, true, 'running', false, { action: 'pause', hold: true }],
    ['fault while starting pauses', both, true, 'starting', false, { action: 'pause', hold: true }],
    [
      'fault without autoProgramPause',
      ['autoProgramResume'],
      true,
      'running',
      false,
      { action: null, hold: false },
    ],
    ['fault while stopped', both, true, 'stopped', false, { action: null, hold: false }],
    ['still faulted and held', both, true, 'paused', true, { action: null, hold: true }],
    ['recovered resumes', both, false, 'paused', true, { action: 'resume', hold: false }],
    [
      'recovered without autoProgramResume',
      ['autoProgramPause'],
      false,
      'paused',
      true,
      { action: null, hold: false },
    ],
    ['recovered after a stop by hand', both, false, 'stopped', true, { action: null, hold: false }],
    ['healthy and not held', both, false, 'running', false, { action: null, hold: false }],
  ] as const)('%s', (_, actions, pumpFaulted, activity, held, expected) => {
    expect(pumpFaultDecision({ actions, pumpFaulted, activity, held })).toEqual(expected);
  });
});

describe('pumpActionsOf', () => {
  it('defaults to the runner starting and stopping the pumps', () => {
    expect(pumpActionsOf({})).toEqual(['autoPumpStart', 'autoPumpStop']);
    expect(runDrivesPumps({})).toBe(true);
    expect(runDrivesPumps({ pumpActions: ['autoProgramPause'] })).toBe(false);
  });
});
