import {
  neverRunProgramStatus,
  START_TIME_IN_PAST,
  START_TIME_TOO_FAR,
  type Program,
  type ProgramStatus,
} from '@paddock/domain';
import { buildProgram, buildProgramZone, buildSection } from '@paddock/domain/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type Route } from '../testing.ts';
import { renderProgramPanel } from './irrigation-panel-testing.tsx';

/** 21:00 in Auckland (NZDT, UTC+13). */
const NOW = new Date('2026-11-21T08:00:00Z');
const SECTIONS = [1, 2].map((id) =>
  buildSection({ id, number: id, label: `Block ${id}`, area: 10 }),
);

function program(status: Partial<ProgramStatus> = {}): Program {
  return buildProgram({
    id: 600,
    area: 10,
    name: 'Night drip',
    status: { ...neverRunProgramStatus(), ...status },
    schedule: { manual: false, attachments: [], sequences: [[1, 2]], variations: [], controls: [] },
    zones: [1, 2].map((id) => {
      const base = buildProgramZone();
      return { id, application: base.application, setting: { ...base.setting, id } };
    }),
  });
}

const setup = (value: Program, routes: Route[] = []) =>
  renderProgramPanel(value, { sections: SECTIONS, now: NOW, routes });

const accepted = (action: string): Route => ({
  method: 'POST',
  path: new RegExp(`/programs/600/${action}$`),
  answers: [json(202, { status: 'new', requestId: 9 })],
});

const startTimeInput = () => screen.getByLabelText(/^Start time/) as HTMLInputElement;
const setStartTime = (value: string) => fireEvent.change(startTimeInput(), { target: { value } });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a delayed start from the program card: now, or at a time on the site clock', () => {
  it('offers a time a little ahead, and sends the site wall time as an instant', async () => {
    const { user, network } = setup(program(), [accepted('start')]);
    await user.click(screen.getByRole('button', { name: 'Start now or at a time' }));
    // The next whole minute and five more, on Auckland's clock; the zone is named beside it.
    expect(startTimeInput().value).toMatch(/^2026-11-21T21:0[56]$/);
    expect(screen.getByText('Site time (Pacific/Auckland)')).toBeTruthy();

    setStartTime('2026-11-21T22:30');
    await user.click(screen.getByRole('button', { name: 'Start at 22:30' }));
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(network.calls[0]).toMatchObject({
      method: 'POST',
      body: { startTime: '2026-11-21T09:30:00.000Z' },
    });
  });

  it('a start on another day names the day', async () => {
    const { user } = setup(program());
    await user.click(screen.getByRole('button', { name: 'Start now or at a time' }));
    setStartTime('2026-11-22T06:00');
    expect(screen.getByRole('button', { name: 'Start at 2026-11-22 06:00' })).toBeTruthy();
  });

  it.each([
    ['in the past', '2026-11-21T20:00', START_TIME_IN_PAST],
    ['more than 7 days ahead', '2026-11-28T21:01', START_TIME_TOO_FAR],
    ['not a date and time', '', 'Choose a date and a time'],
  ])('a time %s is refused in the form and nothing is sent', async (_why, value, message) => {
    const { user, network } = setup(program(), [accepted('start')]);
    await user.click(screen.getByRole('button', { name: 'Start now or at a time' }));
    setStartTime(value);
    fireEvent.submit(startTimeInput().closest('form') as HTMLFormElement);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(network.calls).toHaveLength(0);
  });

  it('"Now" starts at once, with no start time', async () => {
    const { user, network } = setup(program(), [accepted('start')]);
    await user.click(screen.getByRole('button', { name: 'Start now or at a time' }));
    await user.click(screen.getByRole('radio', { name: 'Now' }));
    expect(screen.queryByLabelText(/^Start time/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start now' }));
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(network.calls[0]?.body).toEqual({});
  });

  it('a test at a time sends the test with its start time', async () => {
    const { user, network } = setup(program(), [accepted('test')]);
    await user.click(screen.getByRole('button', { name: 'Test now or at a time' }));
    setStartTime('2026-11-21T23:00');
    await user.click(screen.getByRole('button', { name: 'Test at 23:00' }));
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(network.calls[0]).toMatchObject({
      path: expect.stringMatching(/\/programs\/600\/test$/),
      body: { startTime: '2026-11-21T10:00:00.000Z' },
    });
  });
});

describe('a pending start on the program card', () => {
  it('shows when it starts on the site clock, and Cancel start sends the pause', async () => {
    const pending = program({
      activity: 'starting',
      startTime: '2026-11-21T09:30:00.000Z',
      requestActive: true,
      requestId: 5,
    });
    const { user, network } = setup(pending, [accepted('pause')]);
    expect(screen.getByTestId('pending-start').textContent).toBe('Starts at 22:30');
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel start' }));
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(network.calls[0]).toMatchObject({
      path: expect.stringMatching(/\/programs\/600\/pause$/),
      body: {},
    });
  });

  it('a start tomorrow names the day; a start whose time has come shows no line', () => {
    const tomorrow = setup(program({ activity: 'starting', startTime: '2026-11-21T17:00:00Z' }));
    expect(screen.getByTestId('pending-start').textContent).toBe('Starts at 2026-11-22 06:00');
    tomorrow.unmount();
    setup(program({ activity: 'starting', startTime: '2026-11-21T07:59:00Z' }));
    expect(screen.queryByTestId('pending-start')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });
});
