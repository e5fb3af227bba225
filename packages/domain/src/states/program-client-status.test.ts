import { describe, expect, it } from 'vitest';
import {
  programClientStatusSchema,
  type ProgramActivity,
  type ProgramClientStatus,
} from '../entities/vocabulary.ts';
import {
  initialProgramClientState,
  isUnsuccessfulClientStatus,
  nextProgramClientState,
  unsuccessfulClientStatuses,
  type ProgramActionEvent,
  type ProgramClientState,
} from './program-client-status.ts';

describe('§4 "error, applyFailed, zoneError, notPermitted are unsuccessful"', () => {
  const unsuccessful: ProgramClientStatus[] = ['error', 'applyFailed', 'zoneError', 'notPermitted'];
  it.each(
    programClientStatusSchema.options.map(
      (status) => [status, unsuccessful.includes(status)] as const,
    ),
  )('%s unsuccessful: %s', (status, expected) => {
    expect(isUnsuccessfulClientStatus(status)).toBe(expected);
  });

  it('no status yet is not unsuccessful', () => {
    expect(isUnsuccessfulClientStatus(null)).toBe(false);
    expect(isUnsuccessfulClientStatus(undefined)).toBe(false);
  });

  it('lists exactly the four', () => {
    expect([...unsuccessfulClientStatuses].sort()).toEqual([...unsuccessful].sort());
  });
});

/** A state as the server last reported it, with a stale earlier outcome. */
const at = (
  activity: ProgramActivity,
  clientStatus: ProgramClientStatus | null = 'applied',
): ProgramClientState => ({
  clientStatus,
  activity,
  previousActivity: null,
});

describe('§4 program client status transitions', () => {
  it('starts with no status and the reported activity', () => {
    expect(initialProgramClientState('paused')).toEqual({
      clientStatus: null,
      activity: 'paused',
      previousActivity: null,
    });
  });

  it.each<[string, ProgramClientState, ProgramActionEvent, ProgramClientState]>([
    // Activate: pending (activity starting or resuming), then started, or error with previous activity restored.
    [
      'activate sent: pending, starting',
      at('stopped'),
      { action: 'activate', phase: 'requested' },
      { clientStatus: 'pending', activity: 'starting', previousActivity: 'stopped' },
    ],
    [
      'resume sent: pending, resuming',
      at('paused'),
      { action: 'activate', phase: 'requested', resume: true },
      { clientStatus: 'pending', activity: 'resuming', previousActivity: 'paused' },
    ],
    [
      'activate ok: started',
      { clientStatus: 'pending', activity: 'starting', previousActivity: 'stopped' },
      { action: 'activate', phase: 'succeeded' },
      { clientStatus: 'started', activity: 'starting', previousActivity: null },
    ],
    [
      'activate failed: error, stopped restored',
      { clientStatus: 'pending', activity: 'starting', previousActivity: 'stopped' },
      { action: 'activate', phase: 'failed' },
      { clientStatus: 'error', activity: 'stopped', previousActivity: null },
    ],
    [
      'resume failed: error, paused restored',
      { clientStatus: 'pending', activity: 'resuming', previousActivity: 'paused' },
      { action: 'activate', phase: 'failed', resume: true },
      { clientStatus: 'error', activity: 'paused', previousActivity: null },
    ],
    [
      'activate refused (403): notPermitted, restored',
      { clientStatus: 'pending', activity: 'starting', previousActivity: 'stopped' },
      { action: 'activate', phase: 'refused' },
      { clientStatus: 'notPermitted', activity: 'stopped', previousActivity: null },
    ],
    // Test: pending then testStarted.
    [
      'test sent: pending, activity unchanged',
      at('stopped'),
      { action: 'test', phase: 'requested' },
      { clientStatus: 'pending', activity: 'stopped', previousActivity: null },
    ],
    [
      'test ok: testStarted',
      at('stopped', 'pending'),
      { action: 'test', phase: 'succeeded' },
      { clientStatus: 'testStarted', activity: 'stopped', previousActivity: null },
    ],
    [
      'test failed: error (decision)',
      at('stopped', 'pending'),
      { action: 'test', phase: 'failed' },
      { clientStatus: 'error', activity: 'stopped', previousActivity: null },
    ],
    // Zone activate: zoneStarted or zoneError.
    [
      'zone activate sent: pending (decision)',
      at('running', null),
      { action: 'zoneActivate', phase: 'requested' },
      { clientStatus: 'pending', activity: 'running', previousActivity: null },
    ],
    [
      'zone activate ok: zoneStarted',
      at('running', 'pending'),
      { action: 'zoneActivate', phase: 'succeeded' },
      { clientStatus: 'zoneStarted', activity: 'running', previousActivity: null },
    ],
    [
      'zone activate failed: zoneError',
      at('running', 'pending'),
      { action: 'zoneActivate', phase: 'failed' },
      { clientStatus: 'zoneError', activity: 'running', previousActivity: null },
    ],
    // Zone test: testStarted or zoneError.
    [
      'zone test ok: testStarted',
      at('stopped', 'pending'),
      { action: 'zoneTest', phase: 'succeeded' },
      { clientStatus: 'testStarted', activity: 'stopped', previousActivity: null },
    ],
    [
      'zone test failed: zoneError',
      at('stopped', 'pending'),
      { action: 'zoneTest', phase: 'failed' },
      { clientStatus: 'zoneError', activity: 'stopped', previousActivity: null },
    ],
    // Zone pause: zoneStopped, testStopped if the zone is manual, or zoneError.
    [
      'zone pause ok: zoneStopped',
      at('running', 'pending'),
      { action: 'zonePause', phase: 'succeeded' },
      { clientStatus: 'zoneStopped', activity: 'running', previousActivity: null },
    ],
    [
      'zone pause ok on a manual zone: testStopped',
      at('running', 'pending'),
      { action: 'zonePause', phase: 'succeeded', manual: true },
      { clientStatus: 'testStopped', activity: 'running', previousActivity: null },
    ],
    [
      'zone pause ok, manual false: zoneStopped',
      at('running', 'pending'),
      { action: 'zonePause', phase: 'succeeded', manual: false },
      { clientStatus: 'zoneStopped', activity: 'running', previousActivity: null },
    ],
    [
      'zone pause failed: zoneError',
      at('running', 'pending'),
      { action: 'zonePause', phase: 'failed', manual: true },
      { clientStatus: 'zoneError', activity: 'running', previousActivity: null },
    ],
    // Pause: activity pausing, then stopped (testStopped if schedule manual) or error with restore.
    [
      'pause sent: pausing (and pending, decision)',
      at('running'),
      { action: 'pause', phase: 'requested' },
      { clientStatus: 'pending', activity: 'pausing', previousActivity: 'running' },
    ],
    [
      'pause ok: stopped',
      { clientStatus: 'pending', activity: 'pausing', previousActivity: 'running' },
      { action: 'pause', phase: 'succeeded' },
      { clientStatus: 'stopped', activity: 'pausing', previousActivity: null },
    ],
    [
      'pause ok on a manual schedule: testStopped',
      { clientStatus: 'pending', activity: 'pausing', previousActivity: 'running' },
      { action: 'pause', phase: 'succeeded', manual: true },
      { clientStatus: 'testStopped', activity: 'pausing', previousActivity: null },
    ],
    [
      'pause failed: error, running restored',
      { clientStatus: 'pending', activity: 'pausing', previousActivity: 'running' },
      { action: 'pause', phase: 'failed' },
      { clientStatus: 'error', activity: 'running', previousActivity: null },
    ],
    [
      'pause refused (403): notPermitted, running restored',
      { clientStatus: 'pending', activity: 'pausing', previousActivity: 'running' },
      { action: 'pause', phase: 'refused' },
      { clientStatus: 'notPermitted', activity: 'running', previousActivity: null },
    ],
    // Update: pending, applied or applyFailed.
    [
      'update sent: pending',
      at('running', 'started'),
      { action: 'update', phase: 'requested' },
      { clientStatus: 'pending', activity: 'running', previousActivity: null },
    ],
    [
      'update ok: applied',
      at('running', 'pending'),
      { action: 'update', phase: 'succeeded' },
      { clientStatus: 'applied', activity: 'running', previousActivity: null },
    ],
    [
      'update failed: applyFailed',
      at('running', 'pending'),
      { action: 'update', phase: 'failed' },
      { clientStatus: 'applyFailed', activity: 'running', previousActivity: null },
    ],
    [
      'update refused (403): notPermitted',
      at('running', 'pending'),
      { action: 'update', phase: 'refused' },
      { clientStatus: 'notPermitted', activity: 'running', previousActivity: null },
    ],
    [
      'zone test refused (403): notPermitted',
      at('stopped', 'pending'),
      { action: 'zoneTest', phase: 'refused' },
      { clientStatus: 'notPermitted', activity: 'stopped', previousActivity: null },
    ],
  ])('%s', (_, state, event, expected) => {
    expect(nextProgramClientState(state, event)).toEqual(expected);
  });

  it('a second request restores to the activity before the first', () => {
    const first = nextProgramClientState(at('stopped'), { action: 'activate', phase: 'requested' });
    const second = nextProgramClientState(first, { action: 'pause', phase: 'requested' });
    expect(second).toEqual({
      clientStatus: 'pending',
      activity: 'pausing',
      previousActivity: 'stopped',
    });
    expect(nextProgramClientState(second, { action: 'pause', phase: 'failed' }).activity).toBe(
      'stopped',
    );
  });

  it('does not change the state it is given', () => {
    const state = at('paused');
    nextProgramClientState(state, { action: 'activate', phase: 'requested', resume: true });
    expect(state).toEqual(at('paused'));
  });

  it('a whole start run: stopped → pending/starting → started', () => {
    let state = initialProgramClientState('stopped');
    state = nextProgramClientState(state, { action: 'activate', phase: 'requested' });
    state = nextProgramClientState(state, { action: 'activate', phase: 'succeeded' });
    expect(state).toEqual({
      clientStatus: 'started',
      activity: 'starting',
      previousActivity: null,
    });
    expect(isUnsuccessfulClientStatus(state.clientStatus)).toBe(false);
  });
});
