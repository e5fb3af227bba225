/**
 * PUT programs/{id}: every irrigation edit kind of §3 (sequence, schedule, runtime, pumps, zones,
 * depth, variation, cycle, repeat, valves, config, zone config) arrives as a partial program. The
 * body's shape is the domain's; this checks what only the area can tell: every id it names is a
 * section, pump or control of the program's own area.
 */
import {
  INVALID_CONTROL_CONFIGURATION,
  InvalidControlConfigurationError,
  isZoneBanned,
  setControlConfig,
  type ControlConfigEntry,
  type ProgramSchedule,
  type ProgramUpdateBody,
  type ProgramZone,
  refuse,
} from '@paddock/domain';
import type { ProgramRow } from './program.presenter.ts';
import type { AreaParts } from './program.repository.ts';

export type ProgramContent = Pick<ProgramRow, 'name' | 'schedule' | 'zones'>;

/** Refuses an id listed twice in one list: the second place is the field at fault. */
function requireOnce(seen: Set<number>, id: number, field: string) {
  if (seen.has(id)) throw refuse.invalid(field, 'listed twice');
  seen.add(id);
}

function checkSchedule(schedule: ProgramSchedule, area: AreaParts): ProgramSchedule {
  const sectionIds = new Set(area.sections.map((section) => section.id));

  // §4: a section in no sequence is banned, so a section may sit in one sequence only.
  const sequenced = new Set<number>();
  schedule.sequences.forEach((sequence, i) =>
    sequence.forEach((id, j) => {
      const field = `schedule.sequences.${i}.${j}`;
      if (!sectionIds.has(id)) throw refuse.invalid(field, 'not a section of this area');
      if (sequenced.has(id)) throw refuse.invalid(field, 'already in a sequence');
      sequenced.add(id);
    }),
  );

  const attached = new Set<number>();
  schedule.attachments.forEach((id, i) => {
    const field = `schedule.attachments.${i}`;
    if (area.controls.get(id) !== 'pump') throw refuse.invalid(field, 'not a pump of this area');
    requireOnce(attached, id, field);
  });

  const varied = new Set<number>();
  schedule.variations.forEach((variation, i) => {
    const field = `schedule.variations.${i}.id`;
    if (!sectionIds.has(variation.id)) throw refuse.invalid(field, 'not a section of this area');
    requireOnce(varied, variation.id, field);
  });

  // §4: a control config is set through the domain rule, which drops configs that change nothing
  // (exclude false and variation 0), so the stored list holds only real overrides.
  let controls: ControlConfigEntry[] = [];
  schedule.controls.forEach((config, i) => {
    if (!area.controls.has(config.id)) {
      throw refuse.invalid(`schedule.controls.${i}.id`, 'not a control of this area');
    }
    try {
      controls = setControlConfig(controls, config);
    } catch (error) {
      if (error instanceof InvalidControlConfigurationError) {
        throw refuse.invalid(`schedule.controls.${i}`, INVALID_CONTROL_CONFIGURATION);
      }
      throw error;
    }
  });

  return { ...schedule, controls };
}

/**
 * The zones as given, except the run state of each zone's application: that is reported by the
 * field, so a zone already in the program keeps its stored run state and a new zone starts
 * stopped. Only the irrigation type (zone config) is taken from the body.
 */
function checkZones(zones: ProgramZone[], stored: ProgramZone[], area: AreaParts): ProgramZone[] {
  const sectionIds = new Set(area.sections.map((section) => section.id));
  const storedById = new Map(stored.map((zone) => [zone.id, zone]));
  const seen = new Set<number>();
  return zones.map((zone, i) => {
    if (!sectionIds.has(zone.id))
      throw refuse.invalid(`zones.${i}.id`, 'not a section of this area');
    requireOnce(seen, zone.id, `zones.${i}.id`);
    if (zone.setting.id !== zone.id) {
      throw refuse.invalid(`zones.${i}.setting.id`, 'must equal the zone id');
    }
    const previous = storedById.get(zone.id)?.application;
    const application = previous
      ? { ...previous, irrigationType: zone.application.irrigationType }
      : {
          irrigationType: zone.application.irrigationType,
          status: 'stopped' as const,
          cycleCount: 0,
        };
    return { id: zone.id, application, setting: zone.setting };
  });
}

/**
 * The program after the update, or a 400 naming the first field at fault. Each zone's banned flag
 * is derived from the resulting sequences (§4 "in no sequence"), never taken from the caller.
 */
export function applyProgramUpdate(
  current: ProgramContent,
  body: ProgramUpdateBody,
  area: AreaParts,
): ProgramContent {
  const schedule = body.schedule ? checkSchedule(body.schedule, area) : current.schedule;
  const zones = body.zones ? checkZones(body.zones, current.zones, area) : current.zones;
  const areaSectionIds = area.sections.map((section) => section.id);
  return {
    name: body.name ?? current.name,
    schedule,
    zones: zones.map((zone) => ({
      ...zone,
      setting: {
        ...zone.setting,
        banned: isZoneBanned(zone.id, areaSectionIds, schedule.sequences),
      },
    })),
  };
}
