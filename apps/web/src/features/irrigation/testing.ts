/**
 * Test helpers of the irrigation feature: a fake network that answers by method and path (the
 * workspace's queries run in parallel, so a fixed order of answers would not do) and records
 * every call with its JSON body, and the water balance its answers hold.
 */
import type { AreaWaterBalance, ZoneWaterBalance } from '@paddock/domain';
import { jsonResponse } from '../../testing/render.tsx';

type Answer = Response | Error | ((body: unknown) => Response | Promise<Response>);

export interface Route {
  readonly method: string;
  readonly path: RegExp;
  /** Answers in turn; the last one repeats. */
  readonly answers: Answer[];
}

interface RecordedCall {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

export function routedFetch(routes: Route[]) {
  const calls: RecordedCall[] = [];
  const fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(url);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const route = routes.find(
      (candidate) => candidate.method === method && candidate.path.test(path),
    );
    if (!route) throw new Error(`Unexpected request ${method} ${path}`);
    const answer = route.answers.length > 1 ? route.answers.shift() : route.answers[0];
    if (answer === undefined) throw new Error(`No answer for ${method} ${path}`);
    if (answer instanceof Error) throw answer;
    // A Response can be read once: answer with a copy so the last one can repeat.
    return typeof answer === 'function' ? answer(body) : answer.clone();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

export const json = jsonResponse;

/** The error body the server sends (docs/api.md). */
export function errorResponse(status: number, message: string): Response {
  return jsonResponse(status, { statusCode: status, error: 'Error', message });
}

/**
 * A zone of GET areas/10/water-balance: TAW 90 mm and RAW 45 mm (dry past it), on a day of ET0
 * 4.8 mm × Kc 0.55 with no rain and no irrigation.
 */
export function balanceZone(
  section: number,
  depletion: number,
  label = `Zone ${section}`,
): ZoneWaterBalance {
  return {
    section,
    label,
    depletion,
    taw: 90,
    raw: 45,
    percentOfRaw: Math.round((depletion / 45) * 100),
    dry: depletion > 45,
    soil: { fieldCapacity: 0.3, wiltingPoint: 0.15, rootDepth: 0.6, depletionFraction: 0.5 },
    today: {
      et0: 4.8,
      kc: 0.55,
      stage: 'development',
      etc: 2.6,
      rain: 0,
      effectiveRain: 0,
      irrigation: 0,
      irrigationSource: 'none',
    },
    probe: null,
  };
}

/** GET areas/10/water-balance on 21 November 2026: zone 1 at 27 % of its RAW, zone 2 past it. */
export function areaWaterBalance(overrides: Partial<AreaWaterBalance> = {}): AreaWaterBalance {
  return {
    area: 10,
    timezone: 'Pacific/Auckland',
    date: '2026-11-21',
    from: '2026-09-01',
    seasonStart: '2026-09-01',
    et0Station: { area: 12, label: 'Te Awa station' },
    rainGauge: { sensor: 40, label: 'Weather station rain gauge' },
    et0EstimatedFrom: null,
    missingEt0: [],
    zones: [balanceZone(1, 12.3), balanceZone(2, 54)],
    ...overrides,
  };
}
