/**
 * The brief summary of each site in GET sites (fault and warning counts, running programs, last
 * report) sums every radio of every site the caller holds: with 500 sites of 200 radios that is
 * 100,000 rows, far too much for a call every open console makes each minute. The sums are kept
 * per site for at most BRIEF_SUMMARY_MAX_AGE_MS and then computed again for just the sites that
 * are due, with concurrent callers sharing one computation. The site summary page (GET
 * sites/{id}/summary) is always computed fresh.
 */
import type { Clock } from '../../clock.ts';
import type { BriefStats } from './site.repository.ts';

/** How old a site's brief summary in GET sites may be: a fault shows in the list within this time. */
export const BRIEF_SUMMARY_MAX_AGE_MS = 15_000;

const NO_STATS: BriefStats = {
  faults: 0,
  warnings: 0,
  programs: [],
  radiosLastUpdate: null,
  unitsLastUpdate: null,
};

/** A site's brief-summary inputs and when they were counted (ms since the epoch). */
export type BriefEntry = { stats: BriefStats; computedAt: number };

const NO_ENTRY: BriefEntry = { stats: NO_STATS, computedAt: 0 };

export function createBriefSummaryCache(
  load: (siteIds: number[]) => Promise<Map<number, BriefStats>>,
  clock: Clock,
) {
  const entries = new Map<number, BriefEntry>();
  const pending = new Map<number, Promise<BriefEntry>>();

  return {
    async statsOf(siteIds: number[]): Promise<Map<number, BriefEntry>> {
      const now = clock.now().getTime();
      // One pass; the usual call (every entry fresh, none loading) makes no promise per site.
      const due: number[] = [];
      let waiting = false;
      for (const id of siteIds) {
        if (pending.has(id)) waiting = true;
        else {
          const entry = entries.get(id);
          if (!entry || now - entry.computedAt >= BRIEF_SUMMARY_MAX_AGE_MS) due.push(id);
        }
      }
      if (due.length > 0) {
        waiting = true;
        const loading = load(due).finally(() => {
          for (const id of due) pending.delete(id);
        });
        for (const id of due) {
          pending.set(
            id,
            loading.then((loaded) => {
              const entry = { stats: loaded.get(id) ?? NO_STATS, computedAt: now };
              entries.set(id, entry);
              return entry;
            }),
          );
        }
      }
      if (!waiting) {
        return new Map(siteIds.map((id) => [id, entries.get(id) ?? NO_ENTRY]));
      }
      const found = await Promise.all(
        siteIds.map((id) => pending.get(id) ?? entries.get(id) ?? NO_ENTRY),
      );
      return new Map(siteIds.map((id, index) => [id, found[index] ?? NO_ENTRY]));
    },
  };
}
