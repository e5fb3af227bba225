import { COLOURS, type ProgramZone } from '@paddock/domain';
import {
  buildControl,
  buildProgram,
  buildProgramZone,
  buildSection,
} from '@paddock/domain/testing';
import { describe, expect, it } from 'vitest';
import {
  programView,
  runStateColour,
  sectionShapes,
  sortZones,
  valveViews,
  zoneNextRun,
  zoneTimeRemaining,
  zoneViews,
} from './irrigation-view.ts';

const NOW = new Date('2026-11-21T08:00:00Z');
/** The one zone view of a single section. */
function onlyZone(program: ReturnType<typeof buildProgram>) {
  const [view] = zoneViews(sections.slice(0, 1), program, []);
  if (!view) throw new Error('no zone view');
  return view;
}
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const sections = [1, 2, 3, 4].map((id) =>
  buildSection({ id, number: id, label: `Block ${id}`, area: 10 }),
);

function zone(id: number, application: Partial<ProgramZone['application']> = {}, setting = {}) {
  const base = buildProgramZone();
  return {
    id,
    application: { ...base.application, ...application },
    setting: { ...base.setting, id, ...setting },
  };
}

describe('zone views (§4 banned, test mode, sequences, colours)', () => {
  const program = buildProgram({
    area: 10,
    schedule: {
      manual: false,
      attachments: [],
      sequences: [[1, 2], [3]],
      variations: [{ id: 4, variation: 0, manual: true }],
      controls: [{ id: 502, variation: 0, exclude: true }],
    },
    zones: [
      zone(1, { status: 'running', startTime: minutesAgo(10) }),
      zone(2, { status: 'paused', startTime: minutesAgo(50), stoppedTime: minutesAgo(5) }),
      zone(3, { irrigated: true, lastCycle: true }),
      zone(4),
    ],
  });
  const controls = [
    buildControl({ id: 501, section: 1 }),
    buildControl({ id: 502, section: 2 }),
    buildControl({
      id: 503,
      section: 3,
      topics: [{ metric: 'fault', type: 'digital', lastValue: 1, timestamp: minutesAgo(1) }],
      application: {
        status: 'stopped',
        startTime: minutesAgo(30),
        exclude: false,
        hasFaults: false,
      },
    }),
  ];
  const valves = valveViews(controls, program, NOW);
  const views = zoneViews(sections, program, valves);
  const byId = (id: number) => {
    const view = views.find((candidate) => candidate.id === id);
    if (!view) throw new Error(`no zone ${id}`);
    return view;
  };

  it('reads the sequence of each zone; a zone in no sequence is banned', () => {
    expect(views.map((view) => [view.id, view.sequence, view.banned])).toEqual([
      [1, 0, false],
      [2, 0, false],
      [3, 1, false],
      [4, null, true],
    ]);
  });

  it('a manual variation of a banned zone is test mode (§4)', () => {
    expect(byId(4).manual).toBe(true);
    expect(byId(4).testMode).toBe(true);
    expect(byId(1).testMode).toBe(false);
  });

  it('colours: running, paused stroke irrigated without faults, fault wins', () => {
    expect([byId(1).fill, byId(1).stroke]).toEqual(['running', 'running']);
    expect([byId(2).fill, byId(2).stroke]).toEqual(['stopped', 'irrigated']);
    // Zone 3 was irrigated but its valve reports a fault: fault wins.
    expect(byId(3).hasFaults).toBe(true);
    expect(byId(3).fill).toBe('fault');
    expect(byId(4).fill).toBe('stopped');
  });

  it('the paused badge shows the paused colour, a faulted zone the fault colour', () => {
    expect(runStateColour(byId(2))).toBe(COLOURS.paused);
    expect(runStateColour(byId(3))).toBe(COLOURS.fault);
  });

  it('valves: excluded by the program config, faulted by the fault topic once started', () => {
    expect(valves.map((valve) => [valve.id, valve.excluded, valve.fault])).toEqual([
      [501, false, false],
      [502, true, false],
      [503, false, true],
    ]);
    expect(byId(2).valves.map((valve) => valve.id)).toEqual([502]);
  });

  it('a section the program does not hold is stopped, with no scheduling mode', () => {
    const [view] = zoneViews([buildSection({ id: 9 })], program, []);
    expect(view?.runState).toBe('stopped');
    expect(view?.scheduling).toBeNull();
  });
});

describe('zone times (§4 time remaining h:mm, next run for repeats)', () => {
  it('a running zone shows its time left as h:mm', () => {
    const program = buildProgram({
      zones: [
        zone(1, { status: 'running', startTime: minutesAgo(5), endTime: '2026-11-21T09:05:00Z' }),
      ],
    });
    const view = onlyZone(program);
    expect(zoneTimeRemaining(view, NOW)).toBe('1:05');
    expect(zoneNextRun(view)).toBeNull();
  });

  it('without an end time the run ends at its start plus the zone runtime (depth ÷ rate)', () => {
    const program = buildProgram({
      zones: [
        zone(
          1,
          { status: 'running', startTime: minutesAgo(30) },
          { depth: 10, applicationRate: 5 },
        ),
      ],
    });
    // 10 mm at 5 mm/h is two hours; 30 minutes have gone.
    expect(zoneTimeRemaining(onlyZone(program), NOW)).toBe('1:30');
  });

  it('a stopped zone with repeats to come runs next repeatInterval hours after it ended', () => {
    const program = buildProgram({
      zones: [
        zone(
          1,
          { endTime: '2026-11-21T06:00:00Z' },
          { repeat: true, repeatInterval: 12, repeatCount: 2 },
        ),
      ],
    });
    const view = onlyZone(program);
    expect(view.runState).toBe('repeats');
    expect(zoneNextRun(view)?.toISOString()).toBe('2026-11-21T18:00:00.000Z');
    expect(zoneTimeRemaining(view, NOW)).toBeNull();
  });
});

describe('§9 program sort by number or activity', () => {
  const program = buildProgram({
    zones: [
      zone(1),
      zone(2, { status: 'paused' }),
      zone(3, { status: 'running' }),
      zone(4, {}, { repeat: true, repeatInterval: 6, repeatCount: 1 }),
    ],
  });
  const views = zoneViews([...sections].reverse(), program, []);

  it('by number', () => {
    expect(sortZones(views, 'number').map((view) => view.id)).toEqual([1, 2, 3, 4]);
  });

  it('by activity: under way, paused, repeats, then stopped', () => {
    expect(sortZones(views, 'activity').map((view) => view.id)).toEqual([3, 2, 4, 1]);
  });
});

describe('program view (§4 display, manual, last irrigation)', () => {
  it('a stopped program whose zones had their water reads irrigated, in the irrigated colour', () => {
    const program = buildProgram({
      status: {
        activity: 'stopped',
        startTime: minutesAgo(600),
        endTime: minutesAgo(300),
        stoppedTime: null,
        requestActive: false,
        requestId: null,
      },
      zones: [zone(1, { irrigated: true })],
    });
    const view = programView(program, NOW);
    expect(view.display).toBe('irrigated');
    expect(view.colour).toBe(COLOURS.irrigated);
    expect(view.lastIrrigation?.toISOString()).toBe(minutesAgo(300));
  });

  it('shows the pending activity ahead of the server (starting, in the running colour)', () => {
    const program = buildProgram({ schedule: { ...buildProgram().schedule, manual: true } });
    const view = programView(program, NOW, 'starting');
    expect(view.activity).toBe('starting');
    expect(view.colour).toBe(COLOURS.running);
    expect(view.manual).toBe(true);
  });

  it('running with an end time in the past is shown stopped', () => {
    const program = buildProgram({
      status: { ...buildProgram().status, activity: 'running', endTime: minutesAgo(1) },
    });
    expect(programView(program, NOW).activity).toBe('stopped');
  });
});

describe('section shapes', () => {
  it('parses the outline once and falls back to its centre without a location', () => {
    const shapes = sectionShapes([
      buildSection({ id: 1, location: null, outline: '[[0,0],[0,2],[2,2],[2,0]]' }),
      buildSection({ id: 2, outline: null, location: '[-39.6,176.8]' }),
    ]);
    expect(shapes.get(1)?.point).toEqual({ lat: 1, lng: 1 });
    expect(shapes.get(1)?.outline).toHaveLength(4);
    expect(shapes.get(2)).toEqual({ outline: null, point: { lat: -39.6, lng: 176.8 } });
  });
});
