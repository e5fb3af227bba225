import { describe, expect, it } from 'vitest';
import {
  dashboardMarkerState,
  resetDashboardSelection,
  sameId,
  selectDashboardMarker,
  toggleSelection,
} from './map-selection.ts';

describe('§4 "Map selection toggles; selecting the selected item clears it unless forced"', () => {
  it.each<[string, string | null | undefined, string, boolean, string | null]>([
    ['nothing selected: select', null, 'a', false, 'a'],
    ['nothing selected (undefined): select', undefined, 'a', false, 'a'],
    ['another selected: switch', 'b', 'a', false, 'a'],
    ['the selected one again: clear', 'a', 'a', false, null],
    ['the selected one again, forced: keep', 'a', 'a', true, 'a'],
    ['another selected, forced: switch', 'b', 'a', true, 'a'],
    ['nothing selected, forced: select', null, 'a', true, 'a'],
  ])('%s', (_, current, item, force, expected) => {
    expect(toggleSelection(current, item, force)).toBe(expected);
  });

  it('records compare by identity unless told to compare ids', () => {
    const selected = { id: 7, label: 'Valve 7' };
    const sameValveRefetched = { id: 7, label: 'Valve 7' };
    expect(toggleSelection(selected, sameValveRefetched)).toBe(sameValveRefetched);
    expect(toggleSelection(selected, sameValveRefetched, false, sameId)).toBeNull();
    expect(toggleSelection(selected, { id: 8, label: 'Valve 8' }, false, sameId)).toEqual({
      id: 8,
      label: 'Valve 8',
    });
  });
});

describe('§4 "Dashboard selection highlights one marker; reset restores"', () => {
  it.each<[number | null, number, number | null]>([
    [null, 1, 1],
    [2, 1, 1],
    [1, 1, null],
  ])('selection %s, select %s → %s', (selection, marker, expected) => {
    expect(selectDashboardMarker(selection, marker)).toBe(expected);
  });

  it.each<[number | null, number, 'highlighted' | 'normal']>([
    [1, 1, 'highlighted'],
    [1, 2, 'normal'],
    [null, 1, 'normal'],
  ])('selection %s: marker %s is %s', (selection, marker, expected) => {
    expect(dashboardMarkerState(selection, marker)).toBe(expected);
  });

  it('reset leaves every marker normal', () => {
    const selection = resetDashboardSelection();
    expect(selection).toBeNull();
    expect([1, 2, 3].map((marker) => dashboardMarkerState(selection, marker))).toEqual([
      'normal',
      'normal',
      'normal',
    ]);
  });
});
