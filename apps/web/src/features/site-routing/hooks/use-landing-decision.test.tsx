import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { banSiteFor, markPageShown, resetRouteMemory, writeLastRoute } from '../route-memory.ts';
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
  it('goes to the user’s last route on a fresh start, then shows the list once a page was shown', () => {
    writeLastRoute('uid-1', '/4/telemetry/9?radio=3');
    const fresh = renderHook(() => useLandingDecision({ uid: 'uid-1', sitesFailed: false }), {
      wrapper: at(),
    });
    expect(fresh.result.current).toEqual({ kind: 'redirect', to: '/4/telemetry/9?radio=3' });
    fresh.unmount();

    markPageShown();
    const later = renderHook(() => useLandingDecision({ uid: 'uid-1', sitesFailed: false }), {
      wrapper: at(),
    });
    expect(later.result.current).toEqual({ kind: 'showList' });
  });

  it('ignores another user’s last route', () => {
    writeLastRoute('uid-2', '/4/summary');
    const { result } = renderHook(() => useLandingDecision({ uid: 'uid-1', sitesFailed: false }), {
      wrapper: at(),
    });
    expect(result.current).toEqual({ kind: 'showList' });
  });

  it('marks itself shown when it shows the list, so a later visit does not jump away', () => {
    const first = renderHook(() => useLandingDecision({ uid: 'uid-1', sitesFailed: false }), {
      wrapper: at(),
    });
    expect(first.result.current).toEqual({ kind: 'showList' });
    first.unmount();
    writeLastRoute('uid-1', '/4/summary');
    const again = renderHook(() => useLandingDecision({ uid: 'uid-1', sitesFailed: false }), {
      wrapper: at(),
    });
    expect(again.result.current).toEqual({ kind: 'showList' });
  });

  it('after a failed site, picks another default site skipping the banned ones', () => {
    banSiteFor('uid-1', 4);
    const { result, rerender } = renderHook(
      ({ sites }: { sites?: { id: number }[] }) =>
        useLandingDecision({ uid: 'uid-1', sites, sitesFailed: false }),
      { wrapper: at({ failedSiteId: 4 }), initialProps: {} },
    );
    expect(result.current).toEqual({ kind: 'wait' });
    rerender({ sites: [{ id: 4 }, { id: 2 }] });
    expect(result.current).toEqual({ kind: 'redirect', to: '/2', fallback: true });
  });
});
