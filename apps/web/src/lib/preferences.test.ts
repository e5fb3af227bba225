import {
  DEFAULT_CHART_INTERVAL,
  DEFAULT_HARDWARE_SORT,
  DEFAULT_WEATHER_LAYERS,
  CHART_INTERVALS,
} from '@paddock/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAuth, writeAuth } from './auth-storage.ts';
import {
  clearPreference,
  PREFERENCES,
  readPreference,
  usePreference,
  writePreference,
} from './preferences.ts';
import { tokenSet } from '../testing/render.tsx';

afterEach(() => {
  localStorage.clear();
  clearAuth();
});

describe('stored preferences (§3)', () => {
  it('reads the default when nothing is stored', () => {
    expect(readPreference('chartInterval', 'uid-1')).toBe(DEFAULT_CHART_INTERVAL);
    expect(readPreference('hardwareSort', 'uid-1')).toEqual(DEFAULT_HARDWARE_SORT);
    expect(readPreference('weatherLayerSelection', 'uid-1')).toEqual(DEFAULT_WEATHER_LAYERS);
    expect(readPreference('sidebarOffCanvas', 'uid-1')).toBe(true);
  });

  it('stores each preference under its spec key, for its user', () => {
    writePreference('chartInterval', CHART_INTERVALS.week, 'uid-1');
    expect(JSON.parse(localStorage.getItem('chartInterval') ?? 'null')).toEqual({
      uid: 'uid-1',
      value: CHART_INTERVALS.week,
    });
    expect(readPreference('chartInterval', 'uid-1')).toBe(CHART_INTERVALS.week);
    // Another user on the same browser reads the default.
    expect(readPreference('chartInterval', 'uid-2')).toBe(DEFAULT_CHART_INTERVAL);
    expect(readPreference('chartInterval', null)).toBe(DEFAULT_CHART_INTERVAL);
  });

  it('a stored value that does not fit reads as the default', () => {
    localStorage.setItem('hardwareSort', JSON.stringify({ uid: 'uid-1', value: { column: '' } }));
    expect(readPreference('hardwareSort', 'uid-1')).toEqual(DEFAULT_HARDWARE_SORT);
    localStorage.setItem('chartInterval', '{not json');
    expect(readPreference('chartInterval', 'uid-1')).toBe(DEFAULT_CHART_INTERVAL);
    localStorage.setItem(
      'weatherLayerSelection',
      JSON.stringify({ uid: 'uid-1', value: ['rain?'] }),
    );
    expect(readPreference('weatherLayerSelection', 'uid-1')).toEqual(DEFAULT_WEATHER_LAYERS);
  });

  it('writes nothing without a user, and clears only the own value', () => {
    writePreference('programSorting', 'activity', null);
    expect(localStorage.getItem('programSorting')).toBeNull();
    writePreference('programSorting', 'activity', 'uid-1');
    clearPreference('programSorting', 'uid-2');
    expect(readPreference('programSorting', 'uid-1')).toBe('activity');
    clearPreference('programSorting', 'uid-1');
    expect(localStorage.getItem('programSorting')).toBeNull();
  });

  it('does not serve the preferences other modules own', () => {
    expect(Object.keys(PREFERENCES)).not.toContain('lastRoute');
    expect(Object.keys(PREFERENCES)).not.toContain('siteFilter');
  });

  it('usePreference follows the session user and re-renders on change', () => {
    writeAuth(tokenSet({ identityId: 'uid-7' }));
    const { result } = renderHook(() => usePreference('sidebarOffCanvas'));
    expect(result.current[0]).toBe(true);
    act(() => result.current[1](false));
    expect(result.current[0]).toBe(false);
    act(() => clearAuth());
    expect(result.current[0]).toBe(true);
  });
});
