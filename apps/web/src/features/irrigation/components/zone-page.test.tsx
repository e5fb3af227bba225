import {
  CONTROL_TEST_POLL_MS,
  controlTestPollSchedule,
  type Control,
  type IrrigationType,
  type Program,
  type ProgramZone,
} from '@paddock/domain';
import {
  buildActionRequest,
  buildAuditRow,
  buildControl,
  buildProgram,
  buildProgramZone,
  buildSection,
} from '@paddock/domain/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import * as notifyModule from '../../../lib/notify.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { useControlTests } from '../hooks/use-control-tests.ts';
import { useProgramActions } from '../hooks/use-program-actions.ts';
import { valveViews, zoneViews } from '../irrigation-view.ts';
import { REQUEST_POLL_MS } from '../live.ts';
import { json, routedFetch, type Route } from '../testing.ts';
import { panelProps } from './irrigation-panel-testing.tsx';
import { ZonePage } from './zone-page.tsx';

const NOW = new Date('2026-11-21T08:00:00Z');
const SECTIONS = [1, 2].map((id) =>
  buildSection({ id, number: id, label: `Block ${id}`, area: 10 }),
);

function zone(
  application: Partial<ProgramZone['application']> = {},
  setting: Partial<ProgramZone['setting']> = {},
): ProgramZone {
  const base = buildProgramZone();
  return {
    id: 1,
    application: { ...base.application, ...application },
    setting: { ...base.setting, id: 1, ...setting },
  };
}

function program(
  first: ProgramZone,
  options: { banned?: boolean; controls?: Program['schedule']['controls'] } = {},
) {
  return buildProgram({
    id: 600,
    area: 10,
    schedule: {
      manual: false,
      attachments: [],
      sequences: options.banned ? [[2]] : [[1, 2]],
      variations: [],
      controls: options.controls ?? [],
    },
    zones: [
      first,
      { ...buildProgramZone(), id: 2, setting: { ...buildProgramZone().setting, id: 2 } },
    ],
  });
}

const CONTROLS: Control[] = [
  buildControl({ id: 501, label: 'Valve A', number: 1, section: 1 }),
  buildControl({ id: 502, label: 'Valve B', number: 2, section: 1 }),
  buildControl({
    id: 503,
    label: 'Valve C',
    number: 3,
    section: 1,
    topics: [{ metric: 'fault', type: 'digital', lastValue: 1, timestamp: '2026-11-21T07:59:00Z' }],
    application: {
      status: 'stopped',
      startTime: '2026-11-21T07:00:00Z',
      exclude: false,
      hasFaults: false,
    },
  }),
];

function Harness(props: {
  value: Program;
  canProgram: boolean;
  canControl: boolean;
  canReadAudit: boolean;
  selectedValveId: number | null;
}) {
  const actions = useProgramActions(props.value, 10);
  const tests = useControlTests(10);
  const [selected, setSelected] = useState(props.selectedValveId);
  const valves = valveViews(CONTROLS, props.value, NOW);
  const [view] = zoneViews(SECTIONS, props.value, valves);
  if (!view) return null;
  return (
    <ZonePage
      {...panelProps(actions, NOW, props.canProgram, props.canReadAudit)}
      zone={view}
      program={props.value}
      valveTests={tests.states}
      onTestValve={tests.test}
      canControl={props.canControl}
      canEdit={false}
      selectedValveId={selected}
      onSelectValve={setSelected}
    />
  );
}

function setup(
  value: Program,
  routes: Route[] = [],
  options: {
    canProgram?: boolean;
    canControl?: boolean;
    canReadAudit?: boolean;
    valve?: number;
  } = {},
) {
  const network = routedFetch(routes);
  // The water balance and flow cards' reads are answered apart, so `calls` are the page's
  // actions only.
  const fetch = ((url: RequestInfo | URL, init?: RequestInit) =>
    /\/water-balance|\/flow$/.test(String(url))
      ? Promise.resolve(json(404, { statusCode: 404, error: 'Not Found', message: 'No balance' }))
      : network.fetch(url, init)) as typeof globalThis.fetch;
  configureApiClient({ baseUrl: '/api', fetch });
  const notify = vi.spyOn(notifyModule, 'notify').mockReturnValue('id');
  const view = renderWithProviders(
    <Harness
      value={value}
      canProgram={options.canProgram ?? true}
      canControl={options.canControl ?? true}
      canReadAudit={options.canReadAudit ?? false}
      selectedValveId={options.valve ?? null}
    />,
  );
  return { ...view, network, notify };
}

/** Valve A's test (request `id`): the server takes it (202), then answers the poll with `outcome`. */
function valveTest(id: number, outcome: 'done' | 'failed'): Route {
  const request = buildActionRequest({
    id,
    action: 'test',
    type: 'control',
    target: 501,
    status: 'new',
  });
  return {
    method: 'POST',
    path: /\/controls\/501\/test$/,
    answers: [json(202, request), json(200, { ...request, status: outcome })],
  };
}

const offered = () =>
  ['Start zone', 'Resume', 'Stop', 'Skip', 'Test', 'Zone settings'].filter(
    (name) => screen.queryByRole('button', { name }) !== null,
  );
const status = () => screen.getAllByRole('status')[0]?.textContent;
const runState = () => screen.getByTestId('zone-run-state').getAttribute('data-run-state');

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('zone page: run state and the §4 actions it allows', () => {
  it('a running zone shows its time remaining (h:mm) and offers stop', () => {
    setup(
      program(
        zone({
          status: 'running',
          startTime: '2026-11-21T07:50:00Z',
          endTime: '2026-11-21T09:05:00Z',
        }),
      ),
    );
    expect(runState()).toBe('running');
    expect(screen.getByTestId('time-remaining').textContent).toBe('1:05');
    expect(offered()).toEqual(['Stop', 'Zone settings']);
  });

  it('a stopped zone-scheduled zone offers start, skip and test', () => {
    setup(program(zone()));
    expect(screen.getByText('Scheduled by zone')).toBeTruthy();
    expect(offered()).toEqual(['Start zone', 'Skip', 'Test', 'Zone settings']);
  });

  it.each<IrrigationType>(['manySprinklerZone', 'cycleControlledZone'])(
    'a valve-scheduled (%s) zone is not testable',
    (irrigationType) => {
      setup(program(zone({ irrigationType })));
      expect(screen.getByText('Scheduled by valve')).toBeTruthy();
      expect(offered()).toEqual(['Start zone', 'Skip', 'Zone settings']);
    },
  );

  it('a zone with repeats to come shows its next run and offers skip, not start', () => {
    setup(
      program(
        zone(
          { endTime: '2026-11-21T06:00:00Z' },
          { repeat: true, repeatInterval: 12, repeatCount: 2 },
        ),
      ),
    );
    expect(runState()).toBe('repeats');
    // 18:00 UTC is 07:00 the next day in Auckland.
    expect(screen.getByText('2026-11-22 07:00')).toBeTruthy();
    expect(offered()).toEqual(['Skip', 'Test', 'Zone settings']);
  });

  it('a paused zone offers resume, and test (a paused zone is not active)', () => {
    setup(program(zone({ status: 'paused' })));
    expect(offered()).toEqual(['Resume', 'Test', 'Zone settings']);
  });

  it('a banned zone is not skippable', () => {
    setup(program(zone(), { banned: true }));
    expect(screen.getByText('In no sequence')).toBeTruthy();
    expect(offered()).toEqual(['Start zone', 'Test', 'Zone settings']);
  });

  it('a monitor sees no control: no zone action, no settings, no valve config or test', () => {
    setup(program(zone()), [], { canProgram: false, canControl: false });
    expect(offered()).toEqual([]);
    expect(screen.queryByRole('button', { name: /Configure/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Test / })).toBeNull();
  });
});

describe('valves in the Skipped, Active and Faults panes', () => {
  const value = program(zone(), {
    controls: [
      { id: 502, variation: 0, exclude: true },
      { id: 501, variation: 10, exclude: false },
    ],
  });

  it('counts the valves of each pane; an excluded valve shows the not-interested icon', async () => {
    const { user } = setup(value);
    expect(screen.getByRole('tab', { name: 'Skipped (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Active (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Faults (1)' })).toBeTruthy();
    const active = screen.getByRole('tabpanel');
    expect(within(active).getByText(/\+10 %/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Skipped (1)' }));
    const skipped = screen.getByRole('tabpanel');
    expect(within(skipped).getByText('Valve B')).toBeTruthy();
    expect(within(skipped).getByRole('img', { name: 'Excluded' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Faults (1)' }));
    expect(within(screen.getByRole('tabpanel')).getByText('Valve C')).toBeTruthy();
  });

  it('opens on the pane of the valve the route names, and marks it', () => {
    setup(value, [], { valve: 502 });
    const pane = screen.getByRole('tabpanel');
    expect(screen.getByRole('tab', { name: 'Skipped (1)', selected: true })).toBeTruthy();
    expect(within(pane).getByText('Valve B').closest('li')?.getAttribute('aria-current')).toBe(
      'true',
    );
  });

  it("a config without a variation is refused: 'invalid control configuration'", async () => {
    const { user, network } = setup(value);
    await user.click(screen.getByRole('button', { name: 'Configure Valve A' }));
    await user.clear(await screen.findByLabelText('Variation (%)'));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('invalid control configuration');
    expect(network.calls).toHaveLength(0);
  });

  it('excluding a valve saves its config in the schedule', async () => {
    const { user, network } = setup(value, [
      { method: 'PUT', path: /\/programs\/600$/, answers: [json(200, value)] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Configure Valve A' }));
    await user.click(await screen.findByRole('switch', { name: /Exclude from runs/ }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect((network.calls[0]?.body as Program).schedule.controls).toEqual([
      { id: 502, variation: 0, exclude: true },
      { id: 501, variation: 10, exclude: true },
    ]);
  });

  it('a valve test is followed every 30 s (§9) until done', async () => {
    const { user, network, notify } = setup(value, [valveTest(40, 'done')]);
    await user.click(screen.getByRole('button', { name: 'Test Valve A' }));
    await waitFor(() => expect(network.calls).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(CONTROL_TEST_POLL_MS));
    await waitFor(() => expect(notify.mock.calls.at(-1)?.[0].title).toBe('Valve test finished'));
    expect(network.calls[1]?.body).toEqual({ requestId: 40 });
  });

  it('a valve on a LoRaWAN radio says "Waiting for the device" past 3 minutes, then finishes', async () => {
    const request = buildActionRequest({
      id: 42,
      action: 'test',
      type: 'control',
      target: 501,
      status: 'new',
    });
    const polls = controlTestPollSchedule().length;
    const waiting = json(200, { ...request, status: 'inProgress', waitingForDevice: true });
    const { user, network, notify } = setup(value, [
      {
        method: 'POST',
        path: /\/controls\/501\/test$/,
        answers: [
          json(202, request),
          ...Array.from({ length: polls + 2 }, () => waiting),
          json(200, { ...request, status: 'done', waitingForDevice: false }),
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Test Valve A' }));
    await act(() => vi.advanceTimersByTimeAsync(CONTROL_TEST_POLL_MS));
    expect((await screen.findByTestId('valve-waiting')).textContent).toBe('Waiting for the device');
    // Past the native schedule's last follow-up: still followed, not 'Test failed'.
    for (let poll = 1; poll <= polls + 2; poll++) {
      await act(() => vi.advanceTimersByTimeAsync(CONTROL_TEST_POLL_MS));
    }
    await waitFor(() => expect(notify.mock.calls.at(-1)?.[0].title).toBe('Valve test finished'));
    expect(network.calls).toHaveLength(polls + 4);
    expect(screen.queryByTestId('valve-waiting')).toBeNull();
  });

  it("a failed valve test says 'Test failed' (§8)", async () => {
    const { user, notify } = setup(value, [valveTest(41, 'failed')]);
    await user.click(screen.getByRole('button', { name: 'Test Valve A' }));
    await act(() => vi.advanceTimersByTimeAsync(CONTROL_TEST_POLL_MS));
    await waitFor(() =>
      expect(notify.mock.calls.at(-1)?.[0]).toMatchObject({ level: 'error', title: 'Test failed' }),
    );
  });
});

describe('zone actions (§4 zone client statuses)', () => {
  it('start zone: POST start with the zone, zoneStarted once done', async () => {
    const { user, network } = setup(program(zone()), [
      {
        method: 'POST',
        path: /\/programs\/600\/start$/,
        answers: [
          json(202, { status: 'new', requestId: 5 }),
          json(200, { status: 'done', requestId: 5 }),
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Start zone' }));
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(network.calls[0]?.body).toEqual({ zones: [1] });
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_POLL_MS));
    await waitFor(() => expect(status()).toMatch(/Zone started/));
  });

  it('stopping a manual zone ends in testStopped', async () => {
    const { user, network } = setup(program(zone({ status: 'running' }, { manual: true })), [
      {
        method: 'POST',
        path: /\/programs\/600\/pause$/,
        answers: [json(202, { status: 'done', requestId: 6 })],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(status()).toMatch(/Test stopped/));
    expect(network.calls[0]?.body).toEqual({ zones: [1] });
  });

  it('a zone test the server refuses is zoneError', async () => {
    const { user } = setup(program(zone()), [
      {
        method: 'POST',
        path: /\/programs\/600\/test$/,
        answers: [
          json(409, { statusCode: 409, error: 'Conflict', message: 'Zone "Block 1" cannot test' }),
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(status()).toMatch(/Zone error/));
  });

  it('skip makes a stopped zone manual (PUT programs), applied', async () => {
    const value = program(zone());
    const { user, network } = setup(value, [
      { method: 'PUT', path: /\/programs\/600$/, answers: [json(200, value)] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(status()).toMatch(/Applied/));
    expect((network.calls[0]?.body as Program).zones[0]?.setting.manual).toBe(true);
  });
});

describe("the zone's history (issue 33: from any object's detail pane, its history)", () => {
  it('shows one who reads the audit log the rows about this zone', async () => {
    const renamed = buildAuditRow({
      id: 3,
      kind: 'section',
      target: 1,
      operation: 'PUT /sections/:id',
      before: { label: 'Block 1' },
      after: { label: 'Top block' },
      text: 'Aroha Ngata renamed Block 1 to Top block',
    });
    const { network } = setup(
      program(zone()),
      [
        {
          method: 'GET',
          path: /\/sites\/1\/audit\?/,
          answers: [json(200, { rows: [renamed], total: 1, page: 1, limit: 10 })],
        },
      ],
      { canReadAudit: true },
    );
    const history = await screen.findByRole('region', { name: 'History' });
    expect(
      await within(history).findByText('Aroha Ngata renamed Block 1 to Top block'),
    ).toBeTruthy();
    const asked = new URL(network.calls[0]?.path ?? '', 'http://x').searchParams;
    expect([asked.get('kind'), asked.get('target')]).toEqual(['section', '1']);
  });
});
