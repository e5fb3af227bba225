/**
 * The brief summary of each site in GET sites (fault and warning counts, running programs, last
 * report) sums every radio of every site the caller holds: with 500 sites of 200 radios that is
 * 100,000 rows, far too much for a call every open console makes each minute. The sums are kept
 * per site for at most BRIEF_SUMMARY_MAX_AGE_MS and then computed again for just the sites that
 * are due, with concurrent callers sharing one computation. The site summary page (GET
 * sites/{id}/summary) is always computed fresh.
 */
import type { Clock } from '../../http/context.ts';
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

type Entry = { stats: BriefStats; computedAt: number };

export function createBriefSummaryCache(
  load: (siteIds: number[]) => Promise<Map<number, BriefStats>>,
  clock: Clock,
) {
  const entries = new Map<number, Entry>();
  const pending = new Map<number, Promise<BriefStats>>();

  return {
    async statsOf(siteIds: number[]): Promise<Map<number, BriefStats>> {
      const now = clock.now().getTime();
      const due = siteIds.filter((id) => {
        const entry = entries.get(id);
        return !pending.has(id) && (!entry || now - entry.computedAt >= BRIEF_SUMMARY_MAX_AGE_MS);
      });
      if (due.length > 0) {
        const loading = load(due).finally(() => {
          for (const id of due) pending.delete(id);
        });
        for (const id of due) {
          pending.set(
            id,
            loading.then((loaded) => {
              const stats = loaded.get(id) ?? NO_STATS;
              entries.set(id, { stats, computedAt: now });
              return stats;
            }),
          );
        }
      }
      const stats = await Promise.all(
        siteIds.map((id) => pending.get(id) ?? entries.get(id)?.stats ?? NO_STATS),
      );
      return new Map(siteIds.map((id, index) => [id, stats[index] ?? NO_STATS]));
    },
  };
}
