/**
 * What a link's uplinks are matched against, kept in the process as ingest's catalog keeps
 * devices (ingest/catalog.ts): the site's radio of a devEUI, and the sensors wired to a radio.
 * Both are trusted for the catalog's DEVICE_CACHE_MS; a miss is asked of the database at once and
 * never kept, so a devEUI attached to a radio, or a sensor wired to a radio that had none, takes
 * effect with the next uplink.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../db/client.ts';
import { DEVICE_CACHE_MS } from '../ingest/catalog.ts';
import {
  radiosByDevEui,
  sensorsOfRadios,
  type RadioMatch,
  type WiredSensor,
} from './network-link.repository.ts';

export type LorawanCatalog = {
  /** The site's radios of these devEUIs; one the site has none of is left out. */
  radios: (siteId: number, devEuis: Iterable<string>) => Promise<Map<string, RadioMatch>>;
  /** The sensors wired to each radio, in id order; a radio with none is left out. */
  sensors: (radioIds: Iterable<number>) => Promise<Map<number, WiredSensor[]>>;
};

type Kept<T> = { value: T; loadedAt: number };

export function createLorawanCatalog(db: Database): LorawanCatalog {
  const radios = new Map<string, Kept<RadioMatch>>();
  const sensors = new Map<number, Kept<WiredSensor[]>>();

  /** What is kept and still trusted, and the keys to ask the database for. */
  function split<K, T>(
    kept: Map<K, Kept<T>>,
    keys: Iterable<K>,
  ): { found: Map<K, T>; missing: K[] } {
    const now = performance.now();
    const found = new Map<K, T>();
    const missing: K[] = [];
    for (const key of new Set(keys)) {
      const entry = kept.get(key);
      if (entry && now - entry.loadedAt < DEVICE_CACHE_MS) found.set(key, entry.value);
      else missing.push(key);
    }
    return { found, missing };
  }

  return {
    radios: async (siteId, devEuis) => {
      const keyOf = (devEui: string) => `${siteId}:${devEui}`;
      const { found, missing } = split(radios, [...devEuis].map(keyOf));
      const byEui = new Map([...found].map(([, radio]) => [radio.devEui, radio]));
      if (missing.length > 0) {
        const loaded = await radiosByDevEui(
          db,
          siteId,
          missing.map((key) => key.slice(key.indexOf(':') + 1)),
        );
        const loadedAt = performance.now();
        for (const radio of loaded) {
          radios.set(keyOf(radio.devEui), { value: radio, loadedAt });
          byEui.set(radio.devEui, radio);
        }
      }
      return byEui;
    },
    sensors: async (radioIds) => {
      const { found, missing } = split(sensors, radioIds);
      if (missing.length > 0) {
        const loaded = await sensorsOfRadios(db, missing);
        const loadedAt = performance.now();
        for (const [radioId, wired] of loaded) {
          sensors.set(radioId, { value: wired, loadedAt });
          found.set(radioId, wired);
        }
      }
      return found;
    },
  };
}
