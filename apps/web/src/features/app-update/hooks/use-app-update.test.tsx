import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPLY_UPDATE_DELAY_MS, useAppUpdate } from './use-app-update.ts';

function withQueries({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function serveIndex(src: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(`<script type="module" src="${src}"></script>`)),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Apply Update', () => {
  it('is pending once the served index.html names another entry script', async () => {
    serveIndex('/assets/index-new.js');
    const { result } = renderHook(
      () => useAppUpdate({ reload: vi.fn(), startedWith: '/assets/index-old.js' }),
      { wrapper: withQueries },
    );
    await waitFor(() => expect(result.current.pending).toBe(true));
  });

  it('is not pending for the same build', async () => {
    serveIndex('/assets/index-old.js');
    const { result } = renderHook(
      () => useAppUpdate({ reload: vi.fn(), startedWith: '/assets/index-old.js' }),
      { wrapper: withQueries },
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(result.current.pending).toBe(false);
  });

  it('shows the modal, then reloads', () => {
    vi.useFakeTimers();
    serveIndex('/x.js');
    const reload = vi.fn();
    const { result } = renderHook(() => useAppUpdate({ reload, startedWith: '/x.js' }), {
      wrapper: withQueries,
    });
    act(() => result.current.apply());
    expect(result.current.applying).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(APPLY_UPDATE_DELAY_MS));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
