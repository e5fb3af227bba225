import { describe, expect, it } from 'vitest';
import {
  AREA_CACHE_MS,
  BANNER_HIDE_MS,
  CACHE_ENTRY_MAX_AGE_MS,
  CACHE_HISTORY_SITES,
  CACHE_VERSION,
  CACHE_WRITE_DEBOUNCE_MS,
  CONTROL_TEST_POLL_LIMIT_MS,
  CONTROL_TEST_POLL_MS,
  controlTestPollSchedule,
  DASHBOARD_CACHE_OTHER_QUERIES,
  DEFAULT_QUERY_STALE_MS,
  loadingDots,
  LOADING_DOTS_INTERVAL_MS,
  LOADING_DOTS_STEPS,
  nextPlaceholderProgress,
  NOTIFICATION_DURATION_MS,
  NOTIFICATION_LONG_DURATION_MS,
  NOTIFICATION_TEST_POLL_MS,
  RADIO_PING_POLL_MS,
  RECENT_SITES,
  REDIRECT_AFTER_ACTIVATION_MS,
  REDIRECT_AFTER_CLOSED_INVITATION_MS,
  REDIRECT_AFTER_SIGNUP_MS,
  REFETCH_ON_WINDOW_FOCUS,
  ROUTE_REFRESH_MS,
  SITE_QUERY_REFETCH_MS,
  STATUS_POLL_MS,
  USER_SITES_STALE_MS,
} from './timing.ts';

describe('§9 timing constants', () => {
  it.each([
    ['status poll', STATUS_POLL_MS, 60_000],
    ['site queries', SITE_QUERY_REFETCH_MS, 60_000],
    ['route refresh', ROUTE_REFRESH_MS, 60_000],
    ['notification test', NOTIFICATION_TEST_POLL_MS, 2_000],
    ['control test interval', CONTROL_TEST_POLL_MS, 30_000],
    ['control test limit (3 minutes)', CONTROL_TEST_POLL_LIMIT_MS, 180_000],
    ['radio ping', RADIO_PING_POLL_MS, 5_000],
    ['user sites stale', USER_SITES_STALE_MS, 59_000],
    ['area cache (10 min)', AREA_CACHE_MS, 600_000],
    ['cache entry age (1 minute)', CACHE_ENTRY_MAX_AGE_MS, 60_000],
    ['cache write debounce', CACHE_WRITE_DEBOUNCE_MS, 1_000],
    ['notification', NOTIFICATION_DURATION_MS, 5_000],
    ['long notification', NOTIFICATION_LONG_DURATION_MS, 10_000],
    ['redirect after activation/reset', REDIRECT_AFTER_ACTIVATION_MS, 1_000],
    ['redirect after sign-up', REDIRECT_AFTER_SIGNUP_MS, 3_000],
    ['redirect after completed/revoked', REDIRECT_AFTER_CLOSED_INVITATION_MS, 5_000],
    ['loading dots', LOADING_DOTS_INTERVAL_MS, 500],
    ['banner hide (0.5 s)', BANNER_HIDE_MS, 500],
  ])('%s is %d ms', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['cache version', CACHE_VERSION, '8.0.1'],
    ['history sites', CACHE_HISTORY_SITES, 5],
    ['dashboard other queries', DASHBOARD_CACHE_OTHER_QUERIES, 4],
    ['recent sites', RECENT_SITES, 3],
    ['loading dots steps', LOADING_DOTS_STEPS, 4],
  ])('%s is %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('default queries never go stale and do not refetch on focus', () => {
    expect(DEFAULT_QUERY_STALE_MS).toBe(Number.POSITIVE_INFINITY);
    expect(REFETCH_ON_WINDOW_FOCUS).toBe(false);
  });

  it('user sites go stale before the 60 s site refetch', () => {
    expect(USER_SITES_STALE_MS).toBeLessThan(SITE_QUERY_REFETCH_MS);
  });
});

describe('§2 §9 loading dots cycle 0 to 3 over 4 steps', () => {
  it.each([
    [0, ''],
    [1, '.'],
    [2, '..'],
    [3, '...'],
    [4, ''],
    [5, '.'],
    [7, '...'],
    [8, ''],
    [-1, '...'],
    [2.9, '..'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('step %d shows %j', (step, dots) => {
    expect(loadingDots(step)).toBe(dots);
  });
});

describe('§2 home placeholder progress in steps of 10', () => {
  it.each([
    [0, 10],
    [10, 20],
    [90, 100],
    [100, 0],
    [15, 20],
    [150, 0],
    [-5, 0],
    [Number.NaN, 10],
  ])('after %d comes %d', (percent, next) => {
    expect(nextPlaceholderProgress(percent)).toBe(next);
  });
});

describe('§9 control test polled every 30 s up to 3 minutes', () => {
  it('polls at 30 s, 1 min, …, 3 min and no later', () => {
    expect(controlTestPollSchedule()).toEqual([30_000, 60_000, 90_000, 120_000, 150_000, 180_000]);
  });

  it('never polls at the start or past the limit', () => {
    const schedule = controlTestPollSchedule();
    expect(schedule).not.toContain(0);
    expect(Math.max(...schedule)).toBe(CONTROL_TEST_POLL_LIMIT_MS);
  });
});
