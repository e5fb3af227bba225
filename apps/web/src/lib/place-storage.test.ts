import { parseRoute } from '@paddock/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { storePlaces } from './place-storage.ts';

afterEach(() => localStorage.clear());

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');

describe('site and area browser storage (§3)', () => {
  it('stores the site and area of an area page with the pane number', () => {
    storePlaces(parseRoute('/12/telemetry/34'));
    expect(stored('site')).toEqual({ id: 12, pane: 4 });
    expect(stored('area')).toEqual({ id: 34, pane: 4 });
  });

  it('a site page stores the site and keeps the last area', () => {
    storePlaces(parseRoute('/12/frost/34'));
    storePlaces(parseRoute('/12/summary'));
    expect(stored('site')).toEqual({ id: 12, pane: 5 });
    expect(stored('area')).toEqual({ id: 34, pane: 2 });
  });

  it('a route with no pane stores nothing', () => {
    storePlaces(parseRoute('/dashboard'));
    expect(localStorage.getItem('site')).toBeNull();
    expect(localStorage.getItem('area')).toBeNull();
  });
});
