/**
 * Row factories shared by the demo seed, the scale seed and the tests' farm
 * (apps/server/test/helpers/farm.ts): what every such row carries, so each caller writes only
 * what makes its row its own.
 */
import {
  neverRunProgramStatus,
  type Privilege,
  type ProgramSchedule,
  type ProgramZone,
} from '@paddock/domain';
import { buildProgramZone } from '@paddock/domain/testing';
import type * as t from '../db/schema.ts';

/** A membership of a site whose sign-up is complete, as for a user who has signed in. */
export function memberRow(
  userId: number,
  siteId: number,
  privileges: Privilege[],
): typeof t.siteMembers.$inferInsert {
  return { userId, siteId, privileges, signupStatus: 'completed' };
}

export type MeshRole = { repeater: boolean; coordinator: boolean; children: number[] };

/** A radio's place in the mesh: an end device unless it repeats or coordinates. */
export function meshRole(role: Partial<MeshRole> = {}): MeshRole {
  return { repeater: false, coordinator: false, children: [], ...role };
}

/** A stopped zone of `sectionId` in a program, with the factory's setting under `setting`. */
export function programZoneRow(
  sectionId: number,
  setting: Partial<Omit<ProgramZone['setting'], 'id'>> = {},
): ProgramZone {
  const zone = buildProgramZone();
  return {
    id: sectionId,
    application: zone.application,
    setting: { ...zone.setting, ...setting, id: sectionId },
  };
}

/** A program that has never run: its zones in `sequences`, no variations or excluded controls. */
export function programRow(program: {
  areaId: number;
  name: string;
  sequences: number[][];
  zones: ProgramZone[];
  /** Controls run with every zone (pumps). */
  attachments?: number[];
}): typeof t.programs.$inferInsert {
  const schedule: ProgramSchedule = {
    manual: false,
    attachments: program.attachments ?? [],
    sequences: program.sequences,
    variations: [],
    controls: [],
  };
  return {
    areaId: program.areaId,
    name: program.name,
    status: neverRunProgramStatus(),
    schedule,
    zones: program.zones,
  };
}
