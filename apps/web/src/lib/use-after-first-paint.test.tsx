import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint.ts';

beforeEach(() =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  }),
);
afterEach(() => vi.useRealTimers());

describe('useAfterFirstPaint', () => {
  it('is false on the first render and through the frame, true in the task after it', () => {
    const view = renderHook(() => useAfterFirstPaint());
    expect(view.result.current).toBe(false);
    // The frame's callback runs (the paint follows it) but the flag waits for the next task.
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(view.result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(view.result.current).toBe(true);
  });

  it('leaves no frame or task waiting once unmounted', () => {
    const view = renderHook(() => useAfterFirstPaint());
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no task waiting when unmounted between the frame and the task', () => {
    const view = renderHook(() => useAfterFirstPaint());
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
