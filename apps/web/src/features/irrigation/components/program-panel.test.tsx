import { neverRunProgramStatus, type Program, type ProgramStatus } from '@paddock/domain';
import {
  buildAuditRow,
  buildProgram,
  buildProgramZone,
  buildSection,
} from '@paddock/domain/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_POLL_MS } from '../live.ts';
import { errorResponse, json, type Route } from '../testing.ts';
import { renderProgramPanel } from './irrigation-panel-testing.tsx';

const NOW = new Date('2026-11-21T08:00:00Z');
const SECTIONS = [1, 2, 3].map((id) =>
  buildSection({ id, number: id, label: `Block ${id}`, area: 10 }),
);
const STOPPED: ProgramStatus = neverRunProgramStatus();

function program(status: Partial<ProgramStatus> = {}, manual = false): Program {
  return buildProgram({
    id: 600,
    area: 10,
    name: 'Night drip',
    status: { ...STOPPED, ...status },
    schedule: { manual, attachments: [], sequences: [[1, 2]], variations: [], controls: [] },
    zones: [1, 2, 3].map((id) => {
      const base = buildProgramZone();
      return {
        id,
        application: {
          ...base.application,
          ...(id === 2 ? { status: 'running' as const } : {}),
        },
        setting: { ...base.setting, id, depth: 10 + id },
      };
    }),
  });
}

const setup = (value: Program, routes: Route[] = [], canProgram = true) =>
  renderProgramPanel(value, { sections: SECTIONS, now: NOW, routes, canProgram });

const status = () => screen.getByTestId('client-status').textContent;
const display = () => screen.getByTestId('program-display').getAttribute('data-display');
const titles = (notify: ReturnType<typeof setup>['notify']) =>
  notify.mock.calls.map(([options]) => [options.level, options.title]);

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('program panel: §4 activity, display and the buttons it allows', () => {
  it('shows the program, its display state, last irrigation, sequences and zones', () => {
    setup(program({ activity: 'stopped', endTime: '2026-11-20T19:00:00Z' }));
    expect(screen.getByRole('heading', { name: 'Night drip' })).toBeTruthy();
    expect(display()).toBe('stopped');
    // 19:00 UTC is 08:00 the next day in Auckland (NZDT).
    expect(screen.getByText('2026-11-21 08:00')).toBeTruthy();
    const sequences = screen.getByRole('region', { name: 'Sequences' });
    expect(within(sequences).getByText('Block 1, Block 2')).toBeTruthy();
    expect(within(sequences).getByText('In no sequence')).toBeTruthy();
    const zones = screen.getByRole('region', { name: 'Zones' });
    expect(
      within(zones)
        .getAllByRole('listitem')
        .map((item) => item.dataset.runState),
    ).toEqual(['stopped', 'running', 'stopped']);
  });

  it.each([
    ['stopped', ['Start', 'Test']],
    ['running', ['Pause']],
    ['paused', ['Resume']],
  ] as const)('%s offers %j', (activity, offered) => {
    setup(program({ activity }));
    for (const name of ['Start', 'Pause', 'Resume', 'Test']) {
      expect(screen.queryAllByRole('button', { name }).length > 0).toBe(
        (offered as readonly string[]).includes(name),
      );
    }
  });

  it('a monitor (no program privilege) is offered no control and no edit', () => {
    setup(program({ activity: 'stopped' }), [], false);
    for (const name of [/^Start/, /^Test/, /^Settings/, /Edit sequences/, /Settings of/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('the manual flag shows as a badge', () => {
    setup(program({}, true));
    expect(screen.getByText('Manual')).toBeTruthy();
  });
});

describe('program actions: §4 client statuses as notifications', () => {
  it('start: pending (starting shown), the request is followed until done, then started', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, network, notify } = setup(program(), [
      {
        method: 'POST',
        path: /\/programs\/600\/start$/,
        answers: [
          () => new Promise<Response>((resolve) => (answer = resolve)),
          json(200, { status: 'inProgress', requestId: 77 }),
          json(200, { status: 'done', requestId: 77 }),
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(status()).toBe('Pending');
    // Shown at once, while the call is on its way; then the server's own activity.
    expect(display()).toBe('starting');
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(network.calls[0]?.body).toEqual({});
    answer(json(202, { status: 'new', requestId: 77 }));

    await act(() => vi.advanceTimersByTimeAsync(REQUEST_POLL_MS));
    expect(network.calls[1]?.body).toEqual({ requestId: 77 });
    expect(status()).toBe('Pending');
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_POLL_MS));
    await waitFor(() => expect(status()).toBe('Started'));
    expect(network.calls).toHaveLength(3);
    expect(titles(notify)).toEqual([
      ['primary', 'Pending'],
      ['info', 'Started'],
    ]);
  });

  it('a refused start (403) is notPermitted and the previous activity is back', async () => {
    const { user, notify } = setup(program(), [
      { method: 'POST', path: /\/start$/, answers: [errorResponse(403, 'Forbidden')] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(status()).toBe('Not permitted'));
    expect(display()).toBe('stopped');
    expect(titles(notify).at(-1)).toEqual(['error', 'Not permitted']);
  });

  it('a start the server refuses (409) is error, with its reason', async () => {
    const { user, notify } = setup(program(), [
      {
        method: 'POST',
        path: /\/start$/,
        answers: [errorResponse(409, 'Program cannot start: request 5 is still being carried out')],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(status()).toBe('Error'));
    expect(display()).toBe('stopped');
    expect(notify.mock.calls.at(-1)?.[0].message).toContain('still being carried out');
  });

  it('a request the field failed ends in error', async () => {
    const { user } = setup(program(), [
      {
        method: 'POST',
        path: /\/start$/,
        answers: [
          json(202, { status: 'new', requestId: 8 }),
          json(200, { status: 'failed', requestId: 8 }),
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_POLL_MS));
    await waitFor(() => expect(status()).toBe('Error'));
  });

  it('pausing a manual program ends in testStopped; pausing shows at once', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, network } = setup(program({ activity: 'running' }, true), [
      {
        method: 'POST',
        path: /\/programs\/600\/pause$/,
        answers: [
          () => new Promise<Response>((resolve) => (answer = resolve)),
          json(200, { status: 'done', requestId: 9 }),
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(display()).toBe('pausing');
    answer(json(202, { status: 'new', requestId: 9 }));
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_POLL_MS));
    await waitFor(() => expect(status()).toBe('Test stopped'));
    expect(network.calls.map((call) => call.path)).toEqual([
      '/api/programs/600/pause',
      '/api/programs/600/pause',
    ]);
  });

  it('test: pending then testStarted', async () => {
    const { user } = setup(program(), [
      {
        method: 'POST',
        path: /\/programs\/600\/test$/,
        answers: [json(202, { status: 'done', requestId: 10 })],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(status()).toBe('Test started'));
  });
});

describe('edits saved with PUT programs/{id} (§4 update: applied or applyFailed)', () => {
  it('a depth edit is applied', async () => {
    const value = program();
    const { user, network, notify } = setup(value, [
      {
        method: 'PUT',
        path: /\/programs\/600$/,
        answers: [(body) => json(200, { ...value, ...(body as object) })],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Settings of Block 1' }));
    const depth = await screen.findByLabelText('Depth (mm)');
    await user.clear(depth);
    await user.type(depth, '14.5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(status()).toBe('Applied'));
    const body = network.calls[0]?.body as Program;
    expect(body.zones[0]?.setting.depth).toBe(14.5);
    expect(body.zones[1]).toEqual(value.zones[1]);
    expect(titles(notify)).toEqual([
      ['primary', 'Pending'],
      ['info', 'Applied'],
    ]);
    await waitFor(() => expect(screen.queryByLabelText('Depth (mm)')).toBeNull());
  });

  it('a refused edit is applyFailed and the dialog stays open with the reason', async () => {
    const { user } = setup(program(), [
      {
        method: 'PUT',
        path: /\/programs\/600$/,
        answers: [errorResponse(400, 'schedule.sequences.0.1: already in a sequence')],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Settings of Block 2' }));
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(status()).toBe('Apply failed'));
    expect(screen.getByRole('alert').textContent).toContain('already in a sequence');
  });

  it('an invalid setting cannot be applied', async () => {
    const { user, network } = setup(program());
    await user.click(screen.getByRole('button', { name: 'Settings of Block 1' }));
    const cycles = await screen.findByLabelText('Cycles (cl)');
    await user.clear(cycles);
    await user.type(cycles, '-2');
    expect(screen.getByText('Cycles must be a whole number, 0 or more.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(true);
    expect(network.calls).toHaveLength(0);
  });

  it('sequence membership: a zone moved into sequence 1 is saved in the schedule', async () => {
    const value = program();
    const { user, network } = setup(value, [
      { method: 'PUT', path: /\/programs\/600$/, answers: [json(200, value)] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Edit sequences' }));
    const select = await screen.findByRole('combobox', { name: 'Sequence of Block 3' });
    await user.click(select);
    // happy-dom leaves Mantine's dropdown transition at display: none; the option still works.
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '');
    if (!listbox) throw new Error('the select has no listbox');
    await user.click(within(listbox).getByRole('option', { name: 'Sequence 1', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect((network.calls[0]?.body as Program).schedule.sequences).toEqual([[1, 2, 3]]);
  });
});

describe("the program's history (issue 33: from any object's detail pane, its history)", () => {
  const started = buildAuditRow({
    id: 9,
    kind: 'program',
    target: 600,
    operation: 'POST /programs/:id/start',
    text: 'Aroha Ngata started Night drip',
  });

  it('shows one who reads the audit log the rows about this program, in words', async () => {
    const { network } = renderProgramPanel(program(), {
      sections: SECTIONS,
      now: NOW,
      canReadAudit: true,
      routes: [
        {
          method: 'GET',
          path: /\/sites\/1\/audit\?/,
          answers: [json(200, { rows: [started], total: 1, page: 1, limit: 10 })],
        },
      ],
    });
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('Aroha Ngata started Night drip')).toBeTruthy();
    const asked = new URL(network.calls[0]?.path ?? '', 'http://x').searchParams;
    expect([asked.get('kind'), asked.get('target')]).toEqual(['program', '600']);
  });

  it('asks nothing and shows no history to one who does not', () => {
    const { network } = setup(program());
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(network.calls).toHaveLength(0);
  });
});
