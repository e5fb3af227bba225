import type { ConfigDownlink } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { NO_FAULTS, VirtualDevice } from './device.ts';
import { siteHistory, type HistoryChunk } from './history.ts';
import { seededRandom, seedFrom } from './random.ts';
import { SiteState } from './site.ts';
import { radioWear, wearRole } from './wear.ts';

const SEED = 1;
const epoch = new Date('2026-11-25T16:00:00.000Z');
const until = new Date('2026-11-25T16:03:20.000Z');
const from = new Date(until.getTime() - 3 * 86_400_000);
const STEP = 600_000;

const serialOf = (role: string) => {
  for (let index = 0; ; index++) {
    const serial = `WVC-${String(index).padStart(6, '0')}`;
    if (wearRole(serial, SEED) === role) return serial;
  }
};

function radio(id: number, serialno: string, extra: Partial<ConfigDownlink> = {}): ConfigDownlink {
  return {
    time: from.toISOString(),
    device: {
      kind: 'radio',
      id,
      serialno,
      type: 'WVC',
      areaId: 1,
      sectionId: 10,
      location: { lat: -39.6, lng: 176.8 },
      reportIntervalSeconds: 600,
      repeater: false,
      coordinator: false,
    },
    sensors: [],
    controls: [],
    ...extra,
  };
}

function farm() {
  const site = new SiteState(1, seedFrom('site-1', SEED));
  const configs = [
    radio(1, serialOf('normal'), {
      sensors: [{ id: 11, type: 'soilMoisture', identifier: null, metrics: ['soil.moisture'] }],
      controls: [{ id: 21, type: 'valve', number: 1, sectionId: 10 }],
    }),
    radio(2, serialOf('flaky')),
    radio(3, serialOf('low')),
  ];
  const devices = configs.map(
    (config) =>
      new VirtualDevice(
        config,
        1,
        site,
        seededRandom(seedFrom(config.device.serialno, SEED)),
        from,
        radioWear(config.device.serialno, SEED, epoch),
      ),
  );
  return { site, devices };
}

function pointsOf(chunks: HistoryChunk[], thing: string, id: number, metric: string) {
  return chunks.flatMap((chunk) =>
    chunk.series
      .filter((series) => series.thing === thing && series.id === id && series.metric === metric)
      .flatMap((series) =>
        series.times.map((time, index) => ({ time, value: series.values[index] })),
      ),
  );
}

describe('a site history', () => {
  it('covers the span day by day and ends one report before the live run begins', () => {
    const { site, devices } = farm();
    const chunks = [...siteHistory({ siteId: 1, site, devices, from, until })];
    expect(chunks).toHaveLength(3);
    expect(chunks[0]?.from).toEqual(from);
    for (const [index, chunk] of chunks.entries()) {
      if (index > 0) expect(chunk.from).toEqual(chunks[index - 1]?.to);
    }
    expect(chunks.at(-1)?.to).toEqual(until);

    const moisture = pointsOf(chunks, 'sensor', 11, 'soil.moisture');
    expect(moisture[0]?.time).toBe(from.getTime());
    expect(moisture.at(-1)?.time).toBeLessThan(until.getTime());
    expect(moisture.at(-1)?.time).toBeGreaterThanOrEqual(until.getTime() - STEP);
    // Every 10 minutes, but for the reports lost on the air.
    expect(moisture.length).toBeGreaterThan(0.95 * (3 * 144));
    for (const metric of ['battery', 'signal', 'misses']) {
      expect(pointsOf(chunks, 'radio', 1, metric).length).toBe(moisture.length);
    }
    // The schedule's valve ran in the past and is stopped where the live run takes over.
    expect(pointsOf(chunks, 'control', 21, 'running').some((point) => point.value === 1)).toBe(
      true,
    );
    expect(site.isRunning(21)).toBe(false);
  });

  it('leaves gaps where a flaky radio was silent, and shows a low battery', () => {
    const { site, devices } = farm();
    const chunks = [...siteHistory({ siteId: 1, site, devices, from, until })];
    const flaky = pointsOf(chunks, 'radio', 2, 'battery');
    const gaps = flaky
      .slice(1)
      .filter((point, index) => point.time - (flaky[index]?.time ?? 0) >= 60 * 60_000);
    expect(gaps.length).toBeGreaterThanOrEqual(3 * 4 - 1);
    const low = pointsOf(chunks, 'radio', 3, 'battery');
    expect(low.at(-1)?.value).toBeLessThan(3.3);
    expect(low[0]?.value).toBeGreaterThan(low.at(-1)?.value ?? 0);
  });

  it('is the same with the same seed, and the live run continues the same devices', () => {
    const first = farm();
    const second = farm();
    const a = [...siteHistory({ siteId: 1, ...first, from, until })];
    const b = [...siteHistory({ siteId: 1, ...second, from, until })];
    expect(a).toEqual(b);
    const live = first.devices[2]?.report(new Date(until.getTime() + 5_000), NO_FAULTS);
    const last = pointsOf(a, 'radio', 3, 'battery').at(-1)?.value ?? 0;
    expect(Math.abs((live?.status?.battery ?? 0) - last)).toBeLessThan(0.005);
  });
});
