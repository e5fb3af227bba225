import { INIT_ERROR } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { initFailureReason } from './init-failure.ts';

describe('§8 init failure: the session error', () => {
  it.each<[string, unknown, string]>([
    [
      'the server’s message',
      new ApiError(500, 'Database unavailable', { body: { message: 'Database unavailable' } }),
      'Database unavailable',
    ],
    ['a response without a message', new ApiError(502, 'Bad Gateway', { body: '' }), INIT_ERROR],
    ['a blank message', new ApiError(500, 'x', { body: { message: '  ' } }), INIT_ERROR],
    ['no response at all', new ApiError(0, 'offline'), INIT_ERROR],
    ['not an API error (a response that does not parse)', new Error('bad shape'), INIT_ERROR],
  ])('%s', (_case, error, reason) => {
    expect(initFailureReason(error)).toBe(reason);
  });
});
