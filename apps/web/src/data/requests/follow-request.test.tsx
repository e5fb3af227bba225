import type { RequestStatus } from '@paddock/domain';
import { QueryClient, QueryClientProvider, type QueryState } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { requestKeys } from './keys.ts';
import {
  requestEnd,
  useFollowRequest,
  type RequestAnswer,
  type RequestEnd,
  type RequestPace,
} from './follow-request.ts';

const PACE: RequestPace = { everyMs: 1_000, polls: 3 };

function state(
  overrides: Partial<QueryState<RequestAnswer, Error>>,
): QueryState<RequestAnswer, Error> {
  return {
    data: { status: 'new' },
    dataUpdateCount: 0,
    dataUpdatedAt: 0,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success',
    fetchStatus: 'idle',
    ...overrides,
  };
}

describe('how the follow of a request stands', () => {
  it.each<[string, Partial<QueryState<RequestAnswer, Error>>, RequestEnd<RequestAnswer> | null]>([
    ['the answer in hand is open', {}, null],
    ['an open follow-up before the last', { data: { status: 'inProgress' }, dataUpdateCount: 2 }, null],
    ['done', { data: { status: 'done' }, dataUpdateCount: 1 }, { kind: 'final', answer: { status: 'done' } }],
    ['failed in hand', { data: { status: 'failed' } }, { kind: 'final', answer: { status: 'failed' } }],
    ['cancelled', { data: { status: 'cancelled' }, dataUpdateCount: 3 }, { kind: 'final', answer: { status: 'cancelled' } }],
    ['open at the last follow-up', { data: { status: 'pending' }, dataUpdateCount: 3 }, { kind: 'expired' }],
    [
      'past the last follow-up, waiting for a LoRaWAN device',
      { data: { status: 'inProgress', waitingForDevice: true }, dataUpdateCount: 9 },
      null,
    ],
    [
      'at the last follow-up, no longer waiting for the device',
      { data: { status: 'inProgress', waitingForDevice: false }, dataUpdateCount: 3 },
      { kind: 'expired' },
    ],
    [
      'no response before the last follow-up',
      { status: 'error', error: new ApiError(0, 'offline'), errorUpdateCount: 1 },
      null,
    ],
    [
      'no response at the last follow-up',
      { status: 'error', error: new ApiError(0, 'offline'), dataUpdateCount: 1, errorUpdateCount: 2 },
      { kind: 'expired' },
    ],
    [
      'an unreadable answer before the last follow-up',
      { status: 'error', error: new TypeError('not a request'), errorUpdateCount: 1 },
      null,
    ],
  ])('%s', (_, overrides, expected) => {
    expect(requestEnd(state(overrides), PACE)).toEqual(expected);
  });

  it.each([403, 404, 500])('a follow-up answered %i is rejected', (status) => {
    const error = new ApiError(status, 'no');
    expect(
      requestEnd(state({ status: 'error', error, errorUpdateCount: 1 }), PACE),
    ).toEqual({ kind: 'rejected', error });
  });
});

describe('useFollowRequest', () => {
  let queryClient: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
  });
  afterEach(() => {
    queryClient.clear();
    vi.useRealTimers();
  });

  function follow(answers: (RequestStatus | Error)[], pace: RequestPace = PACE) {
    const ask = vi.fn(async () => {
      const next = answers.shift();
      if (next === undefined) throw new Error('asked once too often');
      if (next instanceof Error) throw next;
      return { status: next };
    });
    const onEnd = vi.fn();
    const hook = renderHook(() => useFollowRequest(), { wrapper });
    let stop: () => void = () => undefined;
    act(() => {
      stop = hook.result.current({ requestId: 7, answer: { status: 'new' }, ask, pace }, onEnd);
    });
    return { ask, onEnd, hook, stop: () => stop() };
  }

  it('asks once a period until the status is final, then ends once', async () => {
    const { ask, onEnd } = follow(['inProgress', 'done']);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(ask).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(ask).toHaveBeenCalledOnce();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(onEnd.mock.calls).toEqual([[{ kind: 'final', answer: { status: 'done' } }]]);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(ask).toHaveBeenCalledTimes(2);
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('a lost connection is tried again; the last follow-up without a final status expires', async () => {
    const { ask, onEnd } = follow([new ApiError(0, 'offline'), 'inProgress', 'pending']);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(onEnd).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(ask).toHaveBeenCalledTimes(3);
    expect(onEnd.mock.calls).toEqual([[{ kind: 'expired' }]]);
  });

  it('a refused follow-up ends it', async () => {
    const refusal = new ApiError(403, 'Forbidden');
    const { onEnd } = follow([refusal]);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(onEnd.mock.calls).toEqual([[{ kind: 'rejected', error: refusal }]]);
  });

  it('a final answer in hand ends it at once, without asking', () => {
    const ask = vi.fn();
    const onEnd = vi.fn();
    const hook = renderHook(() => useFollowRequest(), { wrapper });
    act(() => {
      hook.result.current({ requestId: 8, answer: { status: 'done' }, ask, pace: PACE }, onEnd);
    });
    expect(onEnd.mock.calls).toEqual([[{ kind: 'final', answer: { status: 'done' } }]]);
    expect(ask).not.toHaveBeenCalled();
  });

  it('stopped, or unmounted, it asks no more and never ends; the request is forgotten', async () => {
    const stopped = follow(['inProgress']);
    stopped.stop();
    const unmounted = follow(['inProgress']);
    unmounted.hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    for (const { ask, onEnd } of [stopped, unmounted]) {
      expect(ask).not.toHaveBeenCalled();
      expect(onEnd).not.toHaveBeenCalled();
    }
    expect(queryClient.getQueryCache().find({ queryKey: requestKeys.detail(7) })).toBeUndefined();
  });
});
