import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { readLastRoute, resetRouteMemory } from '../route-memory.ts';
import { useRememberRoute } from './use-remember-route.ts';

const at =
  (path: string) =>
  ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );

beforeEach(() => {
  localStorage.clear();
  resetRouteMemory();
});

describe('useRememberRoute (§3 lastRoute)', () => {
  it('stores a loaded page with its query for the user', () => {
    renderHook(() => useRememberRoute('uid-1'), { wrapper: at('/4/telemetry/9?radio=3') });
    expect(readLastRoute('uid-1')).toBe('/4/telemetry/9?radio=3');
  });

  it('does not store redirect-only routes, nor before the page has loaded', () => {
    renderHook(() => useRememberRoute('uid-1'), { wrapper: at('/4/9/radio/3') });
    expect(readLastRoute('uid-1')).toBeNull();
    resetRouteMemory();
    renderHook(() => useRememberRoute('uid-1', false), { wrapper: at('/4/summary') });
    expect(readLastRoute('uid-1')).toBeNull();
  });
});
