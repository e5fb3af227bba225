import { describe, expect, it } from 'vitest';
import { buildControl } from '../testing/factories.ts';
import { controlApplicationSchema, controlSchema, controlTestBodySchema } from './control.ts';
import type { Control } from './control.ts';

describe('§3 control', () => {
  it.each([
    ['a stopped valve', buildControl()],
    [
      'a running pump',
      buildControl({
        id: 501,
        type: 'pump',
        section: null,
        application: {
          status: 'running',
          startTime: '2024-09-01T06:00:00+12:00',
          exclude: false,
          hasFaults: false,
        },
        isRunning: true,
        startRequested: true,
      }),
    ],
    ['a pivot in no program', buildControl({ type: 'pivot', application: null })],
    [
      '§4 unknown device status (both flags absent)',
      buildControl({ startRequested: undefined, isRunning: undefined }),
    ],
    ['§4 one flag present', buildControl({ startRequested: true, isRunning: undefined })],
  ])('accepts %s', (_why, control) => {
    expect(controlSchema.parse(control)).toEqual(control);
  });

  it('does not invent startRequested or isRunning when absent (§4 device status reads presence)', () => {
    const withoutFlags: Control = buildControl();
    delete withoutFlags.startRequested;
    delete withoutFlags.isRunning;
    const parsed = controlSchema.parse(withoutFlags);
    expect('startRequested' in parsed).toBe(false);
    expect('isRunning' in parsed).toBe(false);
  });

  it.each([
    ['an unknown type', { type: 'sprinkler' }],
    ['no area', { area: undefined }],
    ['isRunning as a number', { isRunning: 1 }],
    [
      'an application with an unknown status',
      { application: { status: 'on', exclude: false, hasFaults: false } },
    ],
  ])('refuses %s', (_why, overrides) => {
    expect(controlSchema.safeParse({ ...buildControl(), ...overrides }).success).toBe(false);
  });

  it.each([
    [{ status: 'paused', startTime: null, exclude: true, hasFaults: true }, true],
    [{ status: 'paused', exclude: true }, false],
  ])('§3 application %j is accepted: %s', (value, ok) => {
    expect(controlApplicationSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§7 POST controls/{id}/test', () => {
  it.each([
    [{}, true],
    [{ requestId: 1042 }, true],
    [{ requestId: 0 }, false],
    [{ requestId: '1042' }, false],
  ])('%j is accepted: %s', (body, ok) => {
    expect(controlTestBodySchema.safeParse(body).success).toBe(ok);
  });
});
