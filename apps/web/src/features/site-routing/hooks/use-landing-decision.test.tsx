import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { banSiteFor, resetRouteMemory, writeLastRoute } from '../route-memory.ts';
import { useLandingDecision } from './use-landing-decision.ts';

function at(state?: unknown) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[{ pathname: '/', state }]}>{children}</MemoryRouter>
  );
}

beforeEach(() => {
  localStorage.clear();
  resetRouteMemory();
});

describe('useLandingDecision', () => {
  it('goes to the user’s last route on every visit', () => {
    writeLastRoute('uid-1', '/4/telemetry/9?radio=3');
    for (let visit = 0; visit < 2; visit += 1) {
      const { result, unmount } = renderHook(
        () => useLandingDecision({ uid: 'uid-1', sitesError: null }),
        { wrapper: at() },
      );
      expect(result.current).toEqual({ kind: 'redirect', to: '/4/telemetry/9?radio=3' });
      unmount();
    }
  });

  it('ignores another user’s last route: the default site once the sites are loaded', () => {
    writeLastRoute('uid-2', '/4/summary');
    const { result, rerender } = renderHook(
      ({ sites }: { sites?: { id: number }[] }) =>
        useLandingDecision({ uid: 'uid-1', sites, sitesError: null }),
      { wrapper: at(), initialProps: {} },
    );
    expect(result.current).toEqual({ kind: 'wait' });
    rerender({ sites: [{ id: 6 }, { id: 4 }] });
    expect(result.current).toEqual({ kind: 'redirect', to: '/6' });
  });

  it('reads the sites’ failure: refused signs out, no response stays', () => {
    const refused = renderHook(
      () => useLandingDecision({ uid: 'uid-1', sitesError: new ApiError(500, 'down') }),
      { wrapper: at() },
    );
    expect(refused.result.current).toEqual({ kind: 'signOut' });
    const offline = renderHook(
      () => useLandingDecision({ uid: 'uid-1', sitesError: new ApiError(0, 'offline') }),
      { wrapper: at() },
    );
    expect(offline.result.current).toEqual({ kind: 'offline' });
  });

  it('after a failed site, picks another default site skipping the banned ones', () => {
    banSiteFor('uid-1', 4);
    const { result, rerender } = renderHook(
      ({ sites }: { sites?: { id: number }[] }) =>
        useLandingDecision({ uid: 'uid-1', sites, sitesError: null }),
      { wrapper: at({ failedSiteId: 4 }), initialProps: {} },
    );
    expect(result.current).toEqual({ kind: 'wait' });
    rerender({ sites: [{ id: 4 }, { id: 2 }] });
    expect(result.current).toEqual({ kind: 'redirect', to: '/2', fallback: true });
  });
});
