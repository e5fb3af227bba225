/**
 * The site summary (GET sites/{id}/summary) and the brief summary each site carries in GET sites.
 * The hardware counts are the domain's §4 counts (hardwareCounts), counted in SQL by the
 * repository (radioHealthFilters in site.repository.ts; the sites tests check both agree), so the
 * server counts exactly what the console's maintenance list shows; program states go to the
 * domain's rules as they are.
 */
import {
  isProgramActive,
  shownActivity,
  summaryKindValues,
  type AreaSummary,
  type HardwareHealthCounts,
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

/**
 * The radios and units of an area or of the whole site as the summary's statement counts them:
 * how many, their §4 counts, and their latest report (milliseconds since the epoch, null when
 * none reported).
 */
export type HardwareTally = HardwareHealthCounts & {
  radios: number;
  units: number;
  lastUpdate: number | null;
};
export type ProgramGlanceRow = {
  id: number;
  areaId: number;
  name: string;
  status: ProgramStatus;
};

/** An area as the summary reads it, with the counts of its rows and of its hardware. */
export type SummaryAreaRow = Pick<
  AreaRow,
  'id' | 'label' | 'type' | 'status' | 'hasFaults' | 'alarmsActive'
> & {
  sections: number;
  sensors: number;
  controls: number;
  openEvents: number;
  activeAlarms: number;
  /** The area's radios and the units serving it (among others, maybe). */
  hardware: HardwareTally;
};

export type SiteSummaryInput = {
  siteId: number;
  /** By label (§2 sidebar order), each with the counts of its rows. */
  areas: SummaryAreaRow[];
  programs: ProgramGlanceRow[];
  /** The whole site's, each unit once however many areas it serves. */
  hardware: HardwareTally;
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

function hardware(tally: HardwareTally, sensors: number, controls: number): SummaryHardwareCounts {
  const { radios, units, warnings, faults, overdue } = tally;
  return { radios, units, sensors, controls, faults, warnings, overdue };
}

const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

export function presentSiteSummary(input: SiteSummaryInput, now: Date): SiteSummary {
  const areas: AreaSummary[] = input.areas.map((area) => {
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
      hardware: hardware(area.hardware, area.sensors, area.controls),
      openEvents: area.openEvents,
      activeAlarms: area.activeAlarms,
      lastUpdate: latest([area.hardware.lastUpdate]),
    };
  });
  return {
    site: input.siteId,
    areas,
    hardware: hardware(
      input.hardware,
      sum(input.areas.map((area) => area.sensors)),
      sum(input.areas.map((area) => area.controls)),
    ),
    kinds: summaryKindValues(input.kindReadings, now).map((value) => ({
      ...value,
      at: isoOrNull(value.at),
    })),
    lastUpdate: latest([input.hardware.lastUpdate]),
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
