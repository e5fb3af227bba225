/**
 * Checks a delayed call under `vi.useFakeTimers({ shouldAdvanceTime: true })`, where the fake
 * clock also moves with real time: not called shortly before `delayMs`, called at it. The margin
 * absorbs the real time the test itself takes between the timer starting and this check.
 */
import { act } from '@testing-library/react';
import { expect, vi, type Mock } from 'vitest';

export function expectCalledAfter(fn: Mock, delayMs: number, marginMs = 300): void {
  act(() => vi.advanceTimersByTime(delayMs - marginMs));
  expect(fn).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime(marginMs));
  expect(fn).toHaveBeenCalledOnce();
}
