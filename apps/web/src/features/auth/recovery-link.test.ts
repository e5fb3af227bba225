import { describe, expect, it } from 'vitest';
import { recoveryLinkDecision, type RecoverySession } from './recovery-link.ts';

const session: RecoverySession = {
  loginId: 'manager@demo.paddock.example',
  identityId: 'uid-7',
  identityPoolId: 'ap-southeast-2:paddock',
};
const identity =
  'identityId=uid-7&loginId=manager%40demo.paddock.example&identityPoolId=ap-southeast-2%3Apaddock';

function decide(search: string, current: RecoverySession | null = null) {
  return recoveryLinkDecision(new URLSearchParams(search), current);
}

describe('§2 recovery-link landing', () => {
  it.each(['', 'token=', 'token=%20', identity])('no token (%s) is an expired link', (search) => {
    expect(decide(search, session)).toEqual({ kind: 'expired' });
  });

  it('a token alone is one of our reset tokens: on to /resetPassword with its query', () => {
    expect(decide('token=abc&siteId=4&legacy=true&other=x')).toEqual({
      kind: 'resetPassword',
      to: '/resetPassword?token=abc&siteId=4&legacy=true',
    });
    expect(decide('token=a%2Bb')).toEqual({
      kind: 'resetPassword',
      to: '/resetPassword?token=a%2Bb',
    });
  });

  it('a token with the signed-in identity goes to change password', () => {
    expect(decide(`token=abc&${identity}`, session)).toEqual({ kind: 'changePassword' });
    expect(
      decide(`token=abc&${identity}`, { ...session, loginId: 'Manager@Demo.Paddock.Example' }),
    ).toEqual({ kind: 'changePassword' });
  });

  it.each([
    ['nobody signed in', null],
    ['another identity', { ...session, identityId: 'uid-8' }],
    ['another user', { ...session, loginId: 'admin@demo.paddock.example' }],
    ['another pool', { ...session, identityPoolId: 'eu-west-1:paddock' }],
  ])('a token with an identity and %s signs in with the link', (_why, current) => {
    expect(decide(`token=abc&${identity}&siteId=4`, current)).toEqual({
      kind: 'authenticate',
      link: { token: 'abc', ...session },
    });
  });

  it('a partial identity is expired', () => {
    expect(decide('token=abc&identityId=uid-7', session)).toEqual({ kind: 'expired' });
  });
});
