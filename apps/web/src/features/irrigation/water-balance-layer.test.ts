import { COLOURS, type ZoneWaterBalance } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import type { MapZone } from './map-layers.ts';
import { deficitBand, waterBalanceZone, type DeficitBand } from './water-balance-layer.ts';

const balance = (depletion: number, raw = 40): ZoneWaterBalance => ({
  section: 1,
  label: 'Block 1',
  depletion,
  taw: raw * 2,
  raw,
  percentOfRaw: raw > 0 ? Math.round((depletion / raw) * 100) : 0,
  dry: depletion > raw,
  soil: { fieldCapacity: 0.3, wiltingPoint: 0.15, rootDepth: 0.6, depletionFraction: 0.5 },
  today: {
    et0: 5,
    kc: 0.7,
    stage: 'mid-season',
    etc: 3.5,
    rain: 0,
    effectiveRain: 0,
    irrigation: 0,
    irrigationSource: 'none',
  },
  probe: null,
});

describe('deficitBand', () => {
  it.each<[string, ZoneWaterBalance | undefined, DeficitBand]>([
    ['at field capacity', balance(0), 'comfortable'],
    ['just under half of RAW', balance(19.9), 'comfortable'],
    ['at half of RAW', balance(20), 'approaching'],
    ['at RAW', balance(40), 'approaching'],
    ['past RAW', balance(40.1), 'dry'],
    ['without a balance', undefined, 'none'],
    ['with a RAW of 0', balance(0, 0), 'none'],
  ])('%s', (_, zone, band) => {
    expect(deficitBand(zone)).toBe(band);
  });
});

describe('waterBalanceZone', () => {
  const zone: MapZone = {
    id: 1,
    label: 'Block 1',
    outline: null,
    point: null,
    fill: COLOURS.running,
    stroke: COLOURS.running,
    dashed: false,
  };
  it('fills by the band and adds the deficit to the label; keeps the run stroke', () => {
    const drawn = waterBalanceZone(zone, balance(30), (entry) => `${entry.percentOfRaw} %`);
    expect(drawn).toMatchObject({ fill: COLOURS.paused, stroke: COLOURS.running });
    expect(drawn.label).toBe('Block 1: 75 %');
  });
  it('is grey with its plain label without a balance', () => {
    const drawn = waterBalanceZone(zone, undefined, () => 'never');
    expect(drawn).toMatchObject({ fill: COLOURS.stopped, label: 'Block 1' });
  });
});
