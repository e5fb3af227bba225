/**
 * What every part of the demo farm's seed shares: the site's context (its clock, its random
 * numbers, the farm's serial numbers, the demo accounts), the row types, and small helpers.
 */
import { formatPointText, parsePointText, type LatLng, type RadioType } from '@paddock/domain';
import type { DemoAccountKey } from '@paddock/domain/demo';
import { blockGrid, pivotSectors, type schema as t } from '@paddock/server';
import type { DemoIrrigationArea } from './demo-sites.ts';

export type DemoFarmSeeded = {
  sites: { id: number; label: string }[];
  accounts: Record<DemoAccountKey, { id: number; login: string }>;
};

export type SiteContext = {
  now: Date;
  random: () => number;
  serials: SerialNumbers;
  accounts: DemoFarmSeeded['accounts'];
};

/** Serial numbers unique across the whole farm (the database insists), in the makers' styles. */
export class SerialNumbers {
  private next: Record<string, number> = { WVC: 4512, WMR: 8104, LoRa: 12033, U: 77810, S: 2231 };
  radio(type: RadioType): string {
    return `${type === 'LoRa' ? 'LRA' : type}-${String(this.take(type)).padStart(6, '0')}`;
  }
  unit(): string {
    return `U-${this.take('U')}`;
  }
  sensor(prefix: string): string {
    return `${prefix}-${this.take('S')}`;
  }
  private take(key: string): number {
    const value = this.next[key] ?? 1;
    this.next[key] = value + 1;
    return value;
  }
}

export function minutesAgo(now: Date, minutes: number): Date {
  return new Date(now.getTime() - minutes * 60_000);
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** One point text per position, as every location column stores it (§3). */
export const point = formatPointText;

export type Area = typeof t.areas.$inferSelect;
export type Section = typeof t.sections.$inferSelect;
export type RadioRow = typeof t.radios.$inferSelect;

/** The zones of one irrigation area as laid out on the ground. */
export function zoneShapes(spec: DemoIrrigationArea): LatLng[][] {
  const { layout } = spec;
  if (layout.kind === 'pivot') return pivotSectors(layout.centre, layout.radius, spec.zones.length);
  return blockGrid({
    origin: layout.origin,
    count: spec.zones.length,
    columns: layout.columns,
    width: layout.width,
    height: layout.height,
  });
}

export type RadioPlan = {
  type: RadioType;
  areaId: number;
  unitId: number;
  sectionId: number | null;
  location: LatLng;
  identifier: string;
  /** The key later code finds this radio by, e.g. 'zone:12', 'pump:3', 'weather'. */
  key: string;
};

/** Where a section's marker is: its stored location (every seeded section has one). */
export function centroidOf(section: { location: string | null }): LatLng {
  const location = section.location ? parsePointText(section.location) : null;
  if (!location) throw new Error('seeded section without a location');
  return location;
}
