/**
 * The irrigation edits of §3 as PUT programs/{id} bodies (§7). Each takes the program as the
 * server last sent it and returns only the part it changes (schedule or zones), so two people
 * editing different parts do not undo each other. The server derives each zone's banned flag
 * from the sequences and keeps the run state the field reported.
 */
import {
  MAX_SEQUENCES_PER_PROGRAM,
  setControlConfig,
  zoneSettingSchema,
  type ControlConfigChange,
  type IrrigationType,
  type Program,
  type ProgramUpdateBody,
  type ZoneSetting,
} from '@paddock/domain';

/** The editable part of a zone setting (§3): depth, variation, cycles, manual and repeat. */
export type ZoneSettingEdit = Pick<
  ZoneSetting,
  'depth' | 'variation' | 'cycles' | 'manual' | 'repeat' | 'repeatInterval' | 'repeatCount'
>;

/** Why a zone setting cannot be saved: the field at fault and the schema's message. */
export interface EditIssue {
  readonly field: string;
  readonly message: string;
}

/** The zone setting checked with the domain's schema (§3 units: mm, %, cl, hours). */
export function checkZoneSetting(setting: ZoneSetting): EditIssue[] {
  const result = zoneSettingSchema.safeParse(setting);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: issue.message,
  }));
}

/**
 * Depth, variation, cycle, repeat and manual edits, and the zone config (irrigation type), of one
 * zone: the program's zones with that zone's setting replaced.
 */
export function zoneSettingBody(
  program: Program,
  zoneId: number,
  edit: Partial<ZoneSettingEdit>,
  irrigationType?: IrrigationType,
): ProgramUpdateBody {
  return {
    zones: program.zones.map((zone) =>
      zone.id === zoneId
        ? {
            ...zone,
            application: {
              ...zone.application,
              irrigationType: irrigationType ?? zone.application.irrigationType,
            },
            setting: { ...zone.setting, ...edit },
          }
        : zone,
    ),
  };
}

/**
 * Skip (§3 actions) of a skippable zone (§4): with repeats to come, the remaining repeats are
 * dropped; otherwise the zone is made manual, so the program passes it by until it is started by
 * hand. Decision: the API has no skip call, so skip is a zone setting edit.
 */
export function skipZoneBody(program: Program, zoneId: number): ProgramUpdateBody {
  const zone = program.zones.find((candidate) => candidate.id === zoneId);
  const repeating = zone !== undefined && zone.setting.repeat && zone.setting.repeatCount > 0;
  return zoneSettingBody(program, zoneId, repeating ? { repeatCount: 0 } : { manual: true });
}

/**
 * Sequence membership (§3 sequence and zones edits): `membership` gives each zone's sequence index
 * (0–3) or null for none (the zone is then banned, §4). Zones keep their order within a sequence,
 * newcomers join at its end, and empty sequences are dropped so the list stays within the §9
 * limit of 4.
 */
export function sequencesBody(
  program: Program,
  membership: ReadonlyMap<number, number | null>,
): ProgramUpdateBody {
  const current = program.schedule.sequences;
  const next: number[][] = Array.from({ length: MAX_SEQUENCES_PER_PROGRAM }, () => []);
  const placed = new Set<number>();
  // Zones staying in their sequence keep their place; the rest follow in membership order.
  current.forEach((sequence, index) =>
    sequence.forEach((id) => {
      const target = membership.has(id) ? membership.get(id) : index;
      if (target === index) {
        next[index]?.push(id);
        placed.add(id);
      }
    }),
  );
  for (const [id, target] of membership) {
    if (target === null || target === undefined || placed.has(id)) continue;
    next[target]?.push(id);
    placed.add(id);
  }
  return {
    schedule: { ...program.schedule, sequences: next.filter((sequence) => sequence.length > 0) },
  };
}

/**
 * A valve's config (§3 valves and config edits) through the §4 rule: set only when variation and
 * exclude are both defined, kept only if it changes something.
 * @throws InvalidControlConfigurationError ('invalid control configuration') when one is missing.
 */
export function controlConfigBody(
  program: Program,
  change: ControlConfigChange,
): ProgramUpdateBody {
  return {
    schedule: {
      ...program.schedule,
      controls: setControlConfig(program.schedule.controls, change),
    },
  };
}

/** The program-wide edits (§3 schedule and pumps): its name, manual flag and attached pumps. */
export interface ProgramSettingsEdit {
  readonly name: string;
  readonly manual: boolean;
  readonly attachments: readonly number[];
}

export function programSettingsBody(
  program: Program,
  edit: ProgramSettingsEdit,
): ProgramUpdateBody {
  return {
    ...(edit.name.trim() !== program.name ? { name: edit.name.trim() } : {}),
    schedule: { ...program.schedule, manual: edit.manual, attachments: [...edit.attachments] },
  };
}
