/**
 * The external status page (spec §7 "GET external status summary (timestamp query)"): its
 * summary lists active incidents and maintenances, which raise the console's banner (§4). The
 * endpoint is configurable (STATUS_SUMMARY_URL). Answers are kept for a short while
 * (STATUS_SUMMARY_CACHE_MS, default 30 s) so every console polling each minute costs the status
 * page one call, and a status page that is down or answers nonsense reads as "nothing to report"
 * instead of failing the console.
 */
import { statusSummarySchema, type StatusSummary } from '@paddock/domain';

/** How long an answer is reused unless the configuration says otherwise. */
export const STATUS_SUMMARY_CACHE_MS = 30_000;
const STATUS_SUMMARY_TIMEOUT_MS = 3_000;

const NOTHING: StatusSummary = { activeIncidents: [], activeMaintenances: [] };

export type StatusPage = { summary: () => Promise<StatusSummary> };

export function createStatusPage(options: {
  url: string | null;
  now: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
  fetchImpl?: typeof fetch;
  /** How long an answer is reused; 0 asks the page on every call. */
  cacheMs?: number;
}): StatusPage {
  const fetchImpl = options.fetchImpl ?? fetch;
  const cacheMs = options.cacheMs ?? STATUS_SUMMARY_CACHE_MS;
  let cached: { value: StatusSummary; at: number } | null = null;
  let inFlight: Promise<StatusSummary> | null = null;

  async function load(): Promise<StatusSummary> {
    if (!options.url) return NOTHING;
    const url = new URL(options.url);
    url.searchParams.set('timestamp', String(options.now().getTime()));
    try {
      const response = await fetchImpl(url, {
        signal: AbortSignal.timeout(STATUS_SUMMARY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`status page answered ${response.status}`);
      const parsed = statusSummarySchema.safeParse(await response.json());
      if (!parsed.success) throw new Error('status page answered an unknown shape');
      return {
        activeIncidents: parsed.data.activeIncidents.map(({ name, url: link }) => ({
          name,
          url: link,
        })),
        activeMaintenances: parsed.data.activeMaintenances.map(({ name, url: link }) => ({
          name,
          url: link,
        })),
      };
    } catch (error) {
      options.log?.warn({ err: error }, 'status page unavailable');
      return NOTHING;
    }
  }

  return {
    async summary() {
      const now = options.now().getTime();
      if (cached && now - cached.at < cacheMs) return cached.value;
      inFlight ??= load().finally(() => {
        inFlight = null;
      });
      const value = await inFlight;
      cached = { value, at: now };
      return value;
    },
  };
}
