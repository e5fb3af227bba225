import { describe, expect, it } from 'vitest';
import { buildActionRequest } from '../testing/factories.ts';
import { actionRequestSchema } from './request.ts';

describe('§3 request', () => {
  it.each([
    ['a radio ping just sent', buildActionRequest()],
    [
      'a program start done',
      buildActionRequest({
        action: 'start',
        type: 'program',
        status: 'done',
        target: 600,
        updated: '2024-08-31T18:00:05Z',
      }),
    ],
    [
      'a site export pending',
      buildActionRequest({ action: 'export', type: 'site', status: 'pending', target: 1 }),
    ],
  ])('accepts %s', (_why, request) => {
    expect(actionRequestSchema.parse(request)).toEqual(request);
  });

  it.each([
    ['an unknown action', { action: 'reboot' }],
    ['an unknown type', { type: 'sensor' }],
    ['an unknown status', { status: 'finished' }],
    ['no target', { target: undefined }],
  ])('refuses %s', (_why, overrides) => {
    expect(actionRequestSchema.safeParse({ ...buildActionRequest(), ...overrides }).success).toBe(
      false,
    );
  });
});
