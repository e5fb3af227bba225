import { AREA_CACHE_MS } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { areaKeys } from '../data/areas/keys.ts';
import { siteKeys } from '../data/sites/keys.ts';
import { createQueryClient } from './query-client.ts';

describe('query defaults (§9)', () => {
  const client = createQueryClient();

  it.each([
    ["an area's things", areaKeys.detail(7)],
    ["an area's sections", areaKeys.sections(7)],
  ])('%s are cached for 10 minutes (area cache)', (_what, key) => {
    const defaults = client.getQueryDefaults(key);
    expect(defaults.staleTime).toBe(AREA_CACHE_MS);
    expect(defaults.gcTime).toBe(AREA_CACHE_MS);
  });

  it('other queries keep the defaults: never stale on their own', () => {
    expect(client.getQueryDefaults(siteKeys.all).gcTime).toBeUndefined();
    expect(client.getDefaultOptions().queries?.staleTime).toBe(Infinity);
  });
});
