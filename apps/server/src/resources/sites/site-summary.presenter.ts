/**
 * The site summary (GET sites/{id}/summary) and the brief summary each site carries in GET sites.
 * The counts come from the domain's §4 hardware rules and program states, applied to the rows the
 * repository loads, so the server counts exactly what the console's maintenance list shows.
 */
import {
  hardwareCounts,
  isProgramActive,
  shownActivity,
  summaryKindValues,
  type AreaSummary,
  type HardwareHealthInput,
  type ProgramStatus,
  type SiteBriefSummary,
  type SiteSummary,
  type SummaryHardwareCounts,
  type SummaryKindReading,
} from '@paddock/domain';
import type { AreaRow } from '../areas/area.presenter.ts';
import { isoOrNull } from './site.presenter.ts';

/** A time as a row gives it: a Date, or milliseconds since the epoch (the summary's json rows). */
type Stamp = Date | number | null;

export type RadioHealthRow = HardwareHealthInput & { areaId: number; lastUpdate: Stamp };
export type UnitHealthRow = { areaIds: number[]; overdue: boolean; lastUpdate: Stamp };
export type ProgramGlanceRow = {
  id: number;
  areaId: number;
  name: string;
  status: ProgramStatus;
};

/** An area as the summary reads it, with the counts of its rows. */
export type SummaryAreaRow = Pick<
  AreaRow,
  'id' | 'label' | 'type' | 'status' | 'hasFaults' | 'alarmsActive'
> & {
  sections: number;
  sensors: number;
  controls: number;
  openEvents: number;
  activeAlarms: number;
};

export type SiteSummaryInput = {
  siteId: number;
  /** By label (§2 sidebar order), each with the counts of its rows. */
  areas: SummaryAreaRow[];
  programs: ProgramGlanceRow[];
  radios: RadioHealthRow[];
  units: UnitHealthRow[];
  /** The latest values the §3 summary kinds are read from. */
  kindReadings: SummaryKindReading[];
};

function latest(stamps: Stamp[]): string | null {
  let best: number | null = null;
  for (const stamp of stamps) {
    if (stamp === null) continue;
    const ms = typeof stamp === 'number' ? stamp : stamp.getTime();
    if (best === null || ms > best) best = ms;
  }
  return best === null ? null : new Date(best).toISOString();
}

function hardware(
  radios: RadioHealthRow[],
  units: UnitHealthRow[],
  sensors: number,
  controls: number,
): SummaryHardwareCounts {
  const health = hardwareCounts([...radios, ...units]);
  return { radios: radios.length, units: units.length, sensors, controls, ...health };
}

const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

export function presentSiteSummary(input: SiteSummaryInput, now: Date): SiteSummary {
  const areas: AreaSummary[] = input.areas.map((area) => {
    const radios = input.radios.filter((radio) => radio.areaId === area.id);
    const units = input.units.filter((unit) => unit.areaIds.includes(area.id));
    const program = input.programs.find((row) => row.areaId === area.id);
    return {
      area: area.id,
      label: area.label,
      type: area.type,
      status: area.status ?? null,
      hasFaults: area.hasFaults,
      alarmsActive: area.alarmsActive,
      zones: area.sections,
      program: program
        ? {
            id: program.id,
            name: program.name,
            activity: shownActivity(program.status, now),
            startTime: isoOrNull(program.status.startTime),
            endTime: isoOrNull(program.status.endTime),
          }
        : null,
      hardware: hardware(radios, units, area.sensors, area.controls),
      openEvents: area.openEvents,
      activeAlarms: area.activeAlarms,
      lastUpdate: latest([...radios, ...units].map((device) => device.lastUpdate)),
    };
  });
  return {
    site: input.siteId,
    areas,
    // Units count once even when they serve several areas.
    hardware: hardware(
      input.radios,
      input.units,
      sum(input.areas.map((area) => area.sensors)),
      sum(input.areas.map((area) => area.controls)),
    ),
    kinds: summaryKindValues(input.kindReadings, now).map((value) => ({
      ...value,
      at: isoOrNull(value.at),
    })),
    lastUpdate: latest([...input.radios, ...input.units].map((device) => device.lastUpdate)),
  };
}

/** The brief summary of a site in GET sites, from the counts its list query made. */
export function presentBriefSummary(
  input: {
    faults: number;
    warnings: number;
    programs: ProgramStatus[];
    radiosLastUpdate: Stamp;
    unitsLastUpdate: Stamp;
  },
  now: Date,
): SiteBriefSummary {
  return {
    faults: input.faults,
    warnings: input.warnings,
    running: input.programs.filter((status) => isProgramActive(status, now)).length,
    lastUpdate: latest([input.radiosLastUpdate, input.unitsLastUpdate]),
  };
}
