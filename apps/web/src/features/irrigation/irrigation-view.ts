/**
 * What the irrigation workspace shows, read from the area's sections, program and controls by the
 * domain's §4 rules: each zone's run state, banned and test mode, sequence, faults and colours;
 * each valve's exclusion, variation and fault; the program's display state. Pure: the components
 * only draw these views.
 */
import {
  COLOURS,
  deviceStatus,
  hasProgramIrrigated,
  hasValveFault,
  irrigationColour,
  irrigationColourState,
  isManualProgram,
  isProgramActive,
  isRunningColour,
  isValveExcluded,
  isZoneBanned,
  isZoneInTestMode,
  lastIrrigationTime,
  nextRunTime,
  parsePointText,
  parsePolygonText,
  programDisplay,
  programDisplayColour,
  schedulingMode,
  shownActivity,
  timeRemaining,
  zoneRunState,
  zoneRuntimeMs,
  zoneStrokeState,
  type Colour,
  type Control,
  type ControlConfig,
  type DeviceStatus,
  type IrrigationColourState,
  type LatLng,
  type Program,
  type ProgramActivity,
  type ProgramDisplay,
  type ProgramSort,
  type ProgramZone,
  type SchedulingMode,
  type Section,
  type ZoneRunState,
} from '@paddock/domain';

/** A section's place on the map: its outline, and its location (or the outline's centre). */
export interface SectionShape {
  readonly outline: readonly LatLng[] | null;
  readonly point: LatLng | null;
}

/**
 * Every section's shape, parsed once per sections list (the outlines are JSON text, §3), so a
 * poll of the program never parses them again.
 */
export function sectionShapes(sections: readonly Section[]): ReadonlyMap<number, SectionShape> {
  const shapes = new Map<number, SectionShape>();
  for (const section of sections) {
    const outline = section.outline ? parsePolygonText(section.outline) : null;
    const point =
      (section.location ? parsePointText(section.location) : null) ??
      (outline ? centreOf(outline) : null);
    shapes.set(section.id, { outline, point });
  }
  return shapes;
}

function centreOf(points: readonly LatLng[]): LatLng {
  const lat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const lng = points.reduce((sum, p) => sum + p.lng, 0) / points.length;
  return { lat, lng };
}

/** One valve as the zone page and the map show it. */
export interface ValveView {
  readonly id: number;
  readonly number: number;
  readonly label: string;
  readonly sectionId: number | null;
  readonly position: LatLng | null;
  /** Left out of runs by its control config (§4 not-interested icon). */
  readonly excluded: boolean;
  /** The control config's variation, %; 0 when it has none. */
  readonly variation: number;
  /** §4 "fault topic non-zero and its start time has passed", or the application reports faults. */
  readonly fault: boolean;
  readonly status: ProgramActivity;
  readonly device: DeviceStatus;
  readonly colourState: IrrigationColourState;
}

/** The program's config of a control (§3 schedule.controls), if any. */
function controlConfigOf(
  program: Program | undefined,
  controlId: number,
): ControlConfig | undefined {
  return program?.schedule.controls.find((config) => config.id === controlId);
}

/** The area's valves (controls of type valve), in number order as the server lists them. */
export function valveViews(
  controls: readonly Control[],
  program: Program | undefined,
  now: Date,
): ValveView[] {
  return controls
    .filter((control) => control.type === 'valve')
    .map((control) => {
      const config = controlConfigOf(program, control.id);
      const fault = hasValveFault(control, now) || control.application?.hasFaults === true;
      const status = control.application?.status ?? 'stopped';
      const device = deviceStatus(control);
      return {
        id: control.id,
        number: control.number,
        label: control.label,
        sectionId: control.section,
        position: control.location ? parsePointText(control.location) : null,
        excluded: isValveExcluded(config) || isValveExcluded(control.application),
        variation: config?.variation ?? 0,
        fault,
        status,
        device,
        colourState: irrigationColourState({
          hasFaults: fault,
          running: isRunningColour(status) || device === 'active' || device === 'becomingActive',
        }),
      };
    });
}

/** One zone (section) of the area with its program zone, as the panel, map and zone page show it. */
export interface ZoneView {
  readonly id: number;
  readonly number: number;
  readonly label: string;
  /** The program's zone; undefined for a section the program does not hold. */
  readonly zone: ProgramZone | undefined;
  readonly runState: ZoneRunState;
  /** §4: among the area's sections but in no sequence. */
  readonly banned: boolean;
  /** Runs only when started by hand (the schedule's variation entry, else the zone setting). */
  readonly manual: boolean;
  /** §4: variation manual and banned. */
  readonly testMode: boolean;
  /** Index of the sequence holding the zone, or null (banned). */
  readonly sequence: number | null;
  readonly hasFaults: boolean;
  /** §4 irrigation colour of the fill, and the stroke (irrigated when paused without faults). */
  readonly fill: IrrigationColourState;
  readonly stroke: IrrigationColourState;
  readonly scheduling: SchedulingMode | null;
  /** How long one run waters, minutes (the domain's runtime); null outside the program. */
  readonly runtimeMinutes: number | null;
  readonly valves: readonly ValveView[];
}

/** The zones of the area: one per section, in the sections' order. */
export function zoneViews(
  sections: readonly Section[],
  program: Program | undefined,
  valves: readonly ValveView[],
): ZoneView[] {
  const sequences = program?.schedule.sequences ?? [];
  const areaSectionIds = sections.map((section) => section.id);
  const zonesById = new Map(program?.zones.map((zone) => [zone.id, zone]));
  const valvesBySection = new Map<number, ValveView[]>();
  for (const valve of valves) {
    if (valve.sectionId === null) continue;
    const list = valvesBySection.get(valve.sectionId) ?? [];
    list.push(valve);
    valvesBySection.set(valve.sectionId, list);
  }
  return sections.map((section) => {
    const zone = zonesById.get(section.id);
    const zoneValves = valvesBySection.get(section.id) ?? [];
    const banned = program ? isZoneBanned(section.id, areaSectionIds, sequences) : false;
    const variation = program?.schedule.variations.find((entry) => entry.id === section.id);
    const manual = variation?.manual ?? zone?.setting.manual ?? false;
    const runState = zone ? zoneRunState(zone.application, zone.setting) : 'stopped';
    const hasFaults = zoneValves.some((valve) => valve.fault);
    const fill = irrigationColourState({
      hasFaults,
      running: zone ? isRunningColour(zone.application.status) : false,
      irrigated: zone?.application.irrigated ?? null,
      lastCycle: zone?.application.lastCycle ?? null,
    });
    const sequence = sequences.findIndex((entry) => entry.includes(section.id));
    return {
      id: section.id,
      number: section.number,
      label: section.label,
      zone,
      runState,
      banned,
      manual,
      testMode: isZoneInTestMode({ manual, banned }),
      sequence: sequence === -1 ? null : sequence,
      hasFaults,
      fill,
      stroke: zone ? zoneStrokeState({ status: zone.application.status, hasFaults }, fill) : fill,
      scheduling: zone ? schedulingMode(zone.application.irrigationType) : null,
      runtimeMinutes: zone ? zoneRuntimeMs(zone.setting, variation?.variation ?? 0) / 60_000 : null,
      valves: zoneValves,
    };
  });
}

/** Order of run states when zones are sorted by activity: under way first, stopped last. */
function activityRank(runState: ZoneRunState): number {
  if (runState !== 'repeats' && isRunningColour(runState)) return 0;
  if (runState === 'paused') return 1;
  if (runState === 'repeats') return 2;
  return 3;
}

/**
 * §9 "program sort by number or activity", applied to the program's zones: by zone number, or by
 * activity (running, starting, resuming and pausing first, then paused, repeats, stopped) and
 * number within each. Returns a new list.
 */
export function sortZones(zones: readonly ZoneView[], sort: ProgramSort): ZoneView[] {
  const byNumber = (a: ZoneView, b: ZoneView) => a.number - b.number || a.id - b.id;
  return [...zones].sort(
    sort === 'activity'
      ? (a, b) => activityRank(a.runState) - activityRank(b.runState) || byNumber(a, b)
      : byNumber,
  );
}

/** The program as the panel shows it (§4). */
export interface ProgramView {
  /** The activity shown: the console's optimistic one while an action is pending. */
  readonly activity: ProgramActivity;
  readonly display: ProgramDisplay;
  readonly colour: Colour;
  readonly active: boolean;
  readonly manual: boolean;
  readonly lastIrrigation: Date | null;
}

/**
 * §4 display of a program at `now`. `pendingActivity` is the activity the console shows ahead of
 * the server while its own action is pending (starting, resuming, pausing).
 */
export function programView(
  program: Program,
  now: Date,
  pendingActivity: ProgramActivity | null = null,
): ProgramView {
  const status =
    pendingActivity === null ? program.status : { ...program.status, activity: pendingActivity };
  const display = programDisplay(status, now, hasProgramIrrigated(program.zones));
  return {
    activity: shownActivity(status, now),
    display,
    colour: programDisplayColour(display),
    active: isProgramActive(status, now),
    manual: isManualProgram(program.schedule),
    lastIrrigation: lastIrrigationTime(status, now),
  };
}

/**
 * Time left on a zone's run as h:mm (§4), or null when none: to the end time the field reports,
 * else to its start plus the zone's runtime.
 */
export function zoneTimeRemaining(view: ZoneView, now: Date): string | null {
  return view.zone ? timeRemaining(view.zone.application, now, view.runtimeMinutes) : null;
}

/** When a zone with repeats to come runs next (§4), or null. */
export function zoneNextRun(view: ZoneView): Date | null {
  return view.zone ? nextRunTime(view.zone.application, view.zone.setting) : null;
}

/**
 * The colour of a zone's run state badge: its fill colour (fault, running, irrigated, stopped),
 * except that a paused zone without faults shows the paused colour (§9) rather than the pale stopped fill.
 */
export function runStateColour(view: ZoneView): Colour {
  return view.runState === 'paused' && view.fill !== 'fault' ? COLOURS.paused : colourOf(view.fill);
}

/** §9 colour of an irrigation colour state (the map fills and strokes). */
export const colourOf = (state: IrrigationColourState): Colour => irrigationColour(state);

/** A zone under test in this console is drawn in the test colour (§9 "Zones and controls under test"). */
export const TEST_COLOUR: Colour = COLOURS.test;
