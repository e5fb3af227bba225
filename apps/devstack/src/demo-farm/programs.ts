/**
 * The controls and program of each demo irrigation area (one program per area, §3): valves per
 * zone on the zone's valve controller, the pumps, a pivot and an add-on, and a program whose
 * schedule names them, set in the area's scene (running, paused, irrigated or idle).
 */
import {
  neverRunProgramStatus,
  type LatLng,
  type ProgramSchedule,
  type ProgramStatus,
  type ProgramZone,
  type ZoneApplication,
} from '@paddock/domain';
import { offset, programZoneRow, schema as t, type Transaction } from '@paddock/server';
import { and, eq, inArray } from 'drizzle-orm';
import type { DemoIrrigationArea, DemoSite } from './demo-sites.ts';
import type { SiteHardware } from './hardware.ts';
import type { SiteLand } from './land.ts';
import { minutesAgo, point, type Area, type RadioRow, type Section } from './support.ts';

type ProgramInput = {
  area: Area;
  spec: DemoIrrigationArea;
  zones: Section[];
  shapes: LatLng[][];
  shed: LatLng;
  radioFor: (key: string) => RadioRow | null;
  now: Date;
};

/** What the program's scene makes of its zones: the sequences, and what each zone is doing. */
type ProgramPlan = {
  at: (minutes: number) => string;
  banned: Set<number>;
  sequences: number[][];
  applicationOf: (zone: Section) => ZoneApplication;
};

function planProgram(input: ProgramInput): ProgramPlan {
  const { spec, zones, now } = input;
  const program = spec.program;
  const at = (minutes: number) => minutesAgo(now, minutes).toISOString();
  const banned = new Set(program.banned ?? []);

  // Sequences: the zones in no banned list, a few per sequence, at most 4 sequences (§9).
  const sequenced = zones.filter((_, index) => !banned.has(index));
  const sequences: number[][] = [];
  for (let index = 0; index < sequenced.length; index += program.zonesPerSequence) {
    sequences.push(sequenced.slice(index, index + program.zonesPerSequence).map((zone) => zone.id));
  }
  if (sequences.length > 4) throw new Error(`${spec.label}: more than 4 sequences`);
  const leading = new Set(sequences.map((sequence) => sequence[0]));

  // What each zone is doing in this scene.
  const applicationOf = (zone: Section): ZoneApplication => {
    const base = programZoneRow(zone.id).application;
    const application: ZoneApplication = { ...base, irrigationType: spec.irrigationType };
    if (banned.has(zones.indexOf(zone))) return application;
    switch (program.scene) {
      case 'running':
        return leading.has(zone.id)
          ? {
              ...application,
              status: 'running',
              startTime: at(35),
              cycleCount: 0,
              lastCycle: program.cycles === 1,
            }
          : application;
      case 'paused':
        return leading.has(zone.id)
          ? {
              ...application,
              status: 'paused',
              startTime: at(180),
              stoppedTime: at(50),
              cycleCount: 1,
            }
          : application;
      case 'irrigated':
        return {
          ...application,
          startTime: at(14 * 60),
          endTime: at(6 * 60),
          cycleCount: program.cycles,
          irrigated: true,
        };
      case 'idle':
        return application;
    }
  };
  return { at, banned, sequences, applicationOf };
}

/** Controls: valves per zone on the zone's valve controller, then pumps, pivot and add-on. */
function valveValues(input: ProgramInput, plan: ProgramPlan) {
  const { area, spec, zones, now } = input;
  const { at, applicationOf } = plan;
  const controlValues: (typeof t.controls.$inferInsert)[] = [];
  const perZone = spec.valvesPerZone ?? 1;
  let number = 1;
  // A pivot waters its sectors itself: they have no valves.
  const valvedZones = spec.layout.kind === 'pivot' ? [] : zones;
  for (const [zoneIndex, zone] of valvedZones.entries()) {
    const radio = input.radioFor(`zone:${zone.id}`);
    const application = applicationOf(zone);
    const corner = input.shapes[zoneIndex]?.[0] ?? input.shed;
    for (let valve = 0; valve < perZone; valve++) {
      const running = application.status === 'running';
      const hasFaults = radio?.fault === true;
      controlValues.push({
        areaId: area.id,
        number: number++,
        label:
          perZone > 1 ? `${zone.label} valve ${'AB'[valve] ?? valve + 1}` : `${zone.label} valve`,
        type: 'valve',
        radioId: radio?.id ?? null,
        unitId: radio?.unitId ?? null,
        sectionId: zone.id,
        location: point(offset(corner, -14, 14 + valve * 30)),
        application: {
          status: application.status,
          startTime: application.startTime ?? null,
          exclude: false,
          hasFaults,
        },
        topics: [
          { metric: 'fault', type: 'digital', lastValue: hasFaults ? 1 : 0, timestamp: at(3) },
          { metric: 'running', type: 'digital', lastValue: running ? 1 : 0, timestamp: at(3) },
        ],
        startRequested: running,
        isRunning: running,
        modifiedAt: minutesAgo(now, 60 * 24 * 2),
      });
    }
  }
  return controlValues;
}

/** The pumps on the area's pump radio, its pivot and its add-on, after the valves. */
function shedControls(
  input: ProgramInput,
  plan: ProgramPlan,
  controlValues: (typeof t.controls.$inferInsert)[],
) {
  const { area, spec, now } = input;
  const program = spec.program;
  const { at } = plan;
  const pumpRadio = input.radioFor(`pump:${area.id}`);
  const pumping = program.scene === 'running';
  /** A control of the shed on `radio` (and its unit), in no section, set up two days ago. */
  const shedControl = (
    radio: RadioRow | null,
    control: Omit<
      (typeof controlValues)[number],
      'areaId' | 'radioId' | 'unitId' | 'sectionId' | 'modifiedAt'
    >,
  ) => ({
    areaId: area.id,
    radioId: radio?.id ?? null,
    unitId: radio?.unitId ?? null,
    sectionId: null,
    modifiedAt: minutesAgo(now, 60 * 24 * 2),
    ...control,
  });
  for (const [index, label] of spec.pumps.entries()) {
    controlValues.push(
      shedControl(pumpRadio, {
        number: 100 + index + 1,
        label,
        type: 'pump',
        location: point(offset(input.shed, 0, index * 6)),
        application: {
          status: pumping ? 'running' : 'stopped',
          startTime: pumping ? at(36) : null,
          exclude: false,
          hasFaults: false,
        },
        topics: [
          { metric: 'fault', type: 'digital', lastValue: 0, timestamp: at(2) },
          { metric: 'running', type: 'digital', lastValue: pumping ? 1 : 0, timestamp: at(2) },
        ],
        startRequested: pumping,
        isRunning: pumping,
      }),
    );
  }
  if (spec.pivot && spec.layout.kind === 'pivot') {
    controlValues.push(
      shedControl(input.radioFor(`pivot:${area.id}`), {
        number: 201,
        label: spec.pivot,
        type: 'pivot',
        location: point(spec.layout.centre),
        application: { status: 'stopped', startTime: null, exclude: false, hasFaults: false },
        topics: [
          { metric: 'fault', type: 'digital', lastValue: 0, timestamp: at(4) },
          { metric: 'pivot.angle', type: 'analog', lastValue: 137, timestamp: at(4) },
          { metric: 'pivot.speed', type: 'analog', lastValue: 0, timestamp: at(4) },
        ],
        startRequested: false,
        isRunning: false,
      }),
    );
  }
  if (spec.valveAddon) {
    controlValues.push(
      shedControl(pumpRadio, {
        number: 301,
        label: spec.valveAddon,
        type: 'valveAddon',
        location: point(offset(input.shed, -6, 4)),
        application: null,
        topics: [{ metric: 'fault', type: 'digital', lastValue: 0, timestamp: at(5) }],
        // Only the request is reported by an add-on: §4 reads a lone field on its own.
        startRequested: false,
      }),
    );
  }
}

/** The valves, pumps and add-ons of one irrigation area and its program (one per area, §3). */
async function seedProgram(tx: Transaction, input: ProgramInput) {
  const { area, spec, zones, now } = input;
  const program = spec.program;
  const plan = planProgram(input);
  const { at, banned, sequences, applicationOf } = plan;
  const controlValues = valveValues(input, plan);
  shedControls(input, plan, controlValues);
  const controls = await tx.insert(t.controls).values(controlValues).returning();
  const valves = controls.filter((row) => row.type === 'valve');

  // A valve left out of runs (§4 control config: kept only when exclude or a variation).
  const excluded = (program.excludedValves ?? [])
    .map((index) => valves[index])
    .filter((row) => row !== undefined);
  for (const valve of excluded) {
    const application = valve.application
      ? { ...valve.application, exclude: true }
      : { status: 'stopped' as const, startTime: null, exclude: true, hasFaults: false };
    await tx.update(t.controls).set({ application }).where(eq(t.controls.id, valve.id));
    valve.application = application;
  }

  const zoneSettings: ProgramZone[] = zones.map((zone, index) => {
    const repeat = program.repeats?.includes(index) ?? false;
    const row = programZoneRow(zone.id, {
      depth: program.depth + (index % 3) * 2,
      variation: program.variations?.[index] ?? 0,
      cycles: program.cycles,
      repeat,
      repeatInterval: repeat ? 12 : 0,
      repeatCount: repeat ? 2 : 0,
      banned: banned.has(index),
    });
    return { ...row, application: applicationOf(zone) };
  });
  const schedule: ProgramSchedule = {
    manual: program.manual ?? false,
    attachments: controls.filter((row) => row.type === 'pump').map((row) => row.id),
    sequences,
    variations: Object.entries(program.variations ?? {}).flatMap(([index, variation]) => {
      const zone = zones[Number(index)];
      return zone ? [{ id: zone.id, variation, manual: false }] : [];
    }),
    controls: excluded.map((valve) => ({ id: valve.id, variation: 0, exclude: true })),
  };
  const status: ProgramStatus = neverRunProgramStatus();
  switch (program.scene) {
    case 'running':
      Object.assign(status, { activity: 'running', startTime: at(35), endTime: at(-145) });
      break;
    case 'paused':
      Object.assign(status, { activity: 'paused', startTime: at(180), stoppedTime: at(50) });
      break;
    case 'irrigated':
      Object.assign(status, { startTime: at(14 * 60), endTime: at(6 * 60) });
      break;
    case 'idle':
      break;
  }
  const [row] = await tx
    .insert(t.programs)
    .values({
      areaId: area.id,
      name: program.name,
      status,
      schedule,
      zones: zoneSettings,
      modifiedAt: minutesAgo(now, 60 * 24),
    })
    .returning({ id: t.programs.id });
  if (!row) throw new Error('program not inserted');
  return controls;
}

export async function seedPrograms(
  tx: Transaction,
  spec: DemoSite,
  now: Date,
  land: SiteLand,
  hardware: SiteHardware,
) {
  const { irrigationAreas, irrigationShapes, zonesOf } = land;
  const { radioFor } = hardware;
  for (const [areaIndex, area] of irrigationAreas.entries()) {
    const areaSpec = spec.irrigation[areaIndex];
    if (!areaSpec) continue;
    await seedProgram(tx, {
      area,
      spec: areaSpec,
      zones: zonesOf(area),
      shapes: irrigationShapes[areaIndex] ?? [],
      shed: offset(spec.shed, 5 + areaIndex * 6, 14),
      radioFor,
      now,
    });
  }
}

/** The site's program of that name, for the parts of the seed that show one program off. */
export async function findSiteProgram(tx: Transaction, land: SiteLand, name: string) {
  const areaIds = land.irrigationAreas.map((area) => area.id);
  if (areaIds.length === 0) return undefined;
  const [program] = await tx
    .select()
    .from(t.programs)
    .where(and(inArray(t.programs.areaId, areaIds), eq(t.programs.name, name)));
  return program;
}
