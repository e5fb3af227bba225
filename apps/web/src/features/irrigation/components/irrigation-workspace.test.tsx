import { COLOURS, type Program } from '@paddock/domain';
import {
  buildArea,
  buildControl,
  buildProgram,
  buildProgramZone,
  buildRadio,
  buildSection,
  buildSite,
  buildUnit,
} from '@paddock/domain/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { clearAuth, writeAuth } from '../../../lib/auth-storage.ts';
import * as notifyModule from '../../../lib/notify.ts';
import { readPreference } from '../../../lib/preferences.ts';
import { renderWithProviders, tokenSet } from '../../../testing/render.tsx';
import { LIVE_REFRESH_MS } from '../live.ts';
import { areaWaterBalance, balanceZone, json, routedFetch } from '../testing.ts';
import type { AreaMapProps } from './area-map.tsx';
import { IrrigationWorkspace } from './irrigation-workspace.tsx';

// Leaflet needs a real layout engine; the map is checked end to end (e2e/irrigation.spec.ts).
// Here a stand-in lists what it is given and lets a test pick an item.
vi.mock('./area-map.tsx', () => ({
  default: ({ label, zones, markers, selection, onSelect, focusZoneId }: AreaMapProps) => {
    return (
      <div role="region" aria-label={label} data-focus={focusZoneId}>
        {zones.map((zone) => (
          <button
            key={zone.id}
            type="button"
            data-fill={zone.fill}
            data-selected={selection?.kind === 'zone' && selection.id === zone.id}
            onClick={() => onSelect({ kind: 'zone', id: zone.id })}
          >
            {`zone ${zone.label}`}
          </button>
        ))}
        {markers.map((marker) => (
          <button
            key={`${marker.kind}-${marker.id}`}
            type="button"
            data-radius={marker.radius}
            onClick={() => onSelect({ kind: marker.kind, id: marker.id })}
          >
            {`${marker.kind} ${marker.label}`}
          </button>
        ))}
      </div>
    );
  },
}));

const SITE = buildSite({ id: 1, label: 'Te Awa', config: { timezone: 'Pacific/Auckland' } });
const AREA = buildArea({ id: 10, site: 1, label: 'Vineyard irrigation', type: 'irrigation' });
const SECTIONS = [1, 2].map((id) =>
  buildSection({ id, number: id, label: `Block ${id}`, area: 10 }),
);

function program(running: boolean): Program {
  const base = buildProgramZone();
  return buildProgram({
    id: 600,
    area: 10,
    name: 'Te Awa drip',
    status: {
      activity: running ? 'running' : 'stopped',
      startTime: running ? new Date(Date.now() - 60_000).toISOString() : null,
      endTime: null,
      stoppedTime: null,
      requestActive: false,
      requestId: null,
    },
    schedule: { manual: false, attachments: [], sequences: [[1, 2]], variations: [], controls: [] },
    zones: [1, 2].map((id) => ({
      id,
      application: { ...base.application, status: running && id === 1 ? 'running' : 'stopped' },
      setting: { ...base.setting, id },
    })),
  });
}

/** Block 1 has used 27 % of its RAW, Block 2 is past it (GET areas/10/water-balance). */
const BALANCE = areaWaterBalance({
  rainGauge: null,
  et0EstimatedFrom: '2026-11-20',
  zones: [balanceZone(1, 12.3, 'Block 1'), balanceZone(2, 54, 'Block 2')],
});

function setup(
  programs: Program[][],
  options: { sectionId?: number; valveId?: number; canProgram?: boolean } = {},
) {
  const network = routedFetch([
    {
      method: 'GET',
      path: /\/programs\?area=10$/,
      answers: programs.map((list) => json(200, list)),
    },
    { method: 'GET', path: /\/sections\?area=10$/, answers: [json(200, SECTIONS)] },
    {
      method: 'GET',
      path: /\/controls\?area=10$/,
      answers: [json(200, [buildControl({ id: 501, label: 'Valve A', section: 1, area: 10 })])],
    },
    {
      method: 'GET',
      path: /\/areas\/10\/radios$/,
      answers: [
        json(200, [buildRadio({ id: 200, serialno: 'WVC-004512', location: '[-39.6,176.8]' })]),
      ],
    },
    { method: 'GET', path: /\/areas\/10\/water-balance$/, answers: [json(200, BALANCE)] },
    {
      method: 'GET',
      path: /\/sites\/1\/units$/,
      answers: [
        json(200, [
          buildUnit({ id: 300, serialno: 'U-77810', areas: [10], location: '[-39.6,176.8]' }),
        ]),
      ],
    },
  ]);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  vi.spyOn(notifyModule, 'notify').mockReturnValue('id');
  const view = renderWithProviders(
    <IrrigationWorkspace
      site={SITE}
      area={AREA}
      canProgram={options.canProgram ?? true}
      canControl
      canEdit={false}
      canReadAudit={false}
      {...(options.sectionId === undefined ? {} : { sectionId: options.sectionId })}
      {...(options.valveId === undefined ? {} : { valveId: options.valveId })}
    />,
  );
  return { ...view, network };
}

const map = () => screen.findByRole('region', { name: 'Map of Vineyard irrigation' });
const fillOf = (label: string) =>
  screen.getByRole('button', { name: `zone ${label}` }).getAttribute('data-fill');

beforeEach(() => {
  writeAuth(tokenSet());
});
afterEach(() => {
  clearAuth();
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('irrigation area page', () => {
  it('draws the zones in their colours and the valves, units and radios at the §9 scales', async () => {
    setup([[program(true)]]);
    await map();
    expect(await screen.findByRole('heading', { name: 'Te Awa drip' })).toBeTruthy();
    await waitFor(() => expect(fillOf('Block 1')).toBe(COLOURS.running));
    expect(fillOf('Block 2')).toBe(COLOURS.stopped);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'unit U-77810' }).dataset.radius).toBe('8'),
    );
    expect(screen.getByRole('button', { name: 'valve Valve A' }).dataset.radius).toBe('9');
    expect(screen.getByRole('button', { name: 'radio WVC-004512' }).dataset.radius).toBe('4');
  });

  it('a picked zone shows its card with the way to its page; picking it again clears it (§4)', async () => {
    const { user } = setup([[program(false)]]);
    await map();
    const zone = await screen.findByRole('button', { name: 'zone Block 2' });
    await user.click(zone);
    const card = screen.getByRole('region', { name: 'Selected on the map' });
    expect(within(card).getByText('Block 2')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Open the zone page' }).getAttribute('href'),
    ).toBe('/1/irrigation/10/zone/2');
    await user.click(zone);
    expect(screen.queryByRole('region', { name: 'Selected on the map' })).toBeNull();
  });

  it('the Water balance layer fills each zone by its deficit, with it in the tooltip and card', async () => {
    const { user, network } = setup([[program(false)]]);
    await map();
    await screen.findByRole('button', { name: 'zone Block 2' });
    // Nothing is asked until the layer is switched on.
    expect(network.calls.some((call) => call.path.includes('water-balance'))).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Water balance' }));
    const dry = await screen.findByRole('button', {
      name: 'zone Block 2: 54 mm below field capacity, 120 % of RAW',
    });
    expect(dry.getAttribute('data-fill')).toBe(COLOURS.fault);
    expect(
      screen
        .getByRole('button', { name: 'zone Block 1: 12.3 mm below field capacity, 27 % of RAW' })
        .getAttribute('data-fill'),
    ).toBe(COLOURS.success);
    const legend = screen.getByRole('region', { name: 'Legend' });
    for (const band of ['Under half of RAW', 'Half of RAW to RAW', 'Past RAW: dry', 'No balance']) {
      expect(within(legend).getByText(band)).toBeTruthy();
    }
    expect(within(legend).queryByText('Irrigated')).toBeNull();
    await user.click(dry);
    const card = screen.getByRole('region', { name: 'Selected on the map' });
    expect(within(card).getByText('54 mm below field capacity (120 % of RAW)')).toBeTruthy();
    // Off again: the irrigation colours are back.
    await user.click(screen.getByRole('checkbox', { name: 'Water balance' }));
    expect(fillOf('Block 2')).toBe(COLOURS.stopped);
  });

  it('a picked valve links to its zone page with the valve query', async () => {
    const { user } = setup([[program(false)]]);
    await map();
    await user.click(await screen.findByRole('button', { name: 'valve Valve A' }));
    const card = screen.getByRole('region', { name: 'Selected on the map' });
    expect(within(card).getByRole('link').getAttribute('href')).toBe(
      '/1/irrigation/10/zone/1?valve=501',
    );
  });

  it('sorting by activity is remembered (programSorting)', async () => {
    const { user } = setup([[program(true)]]);
    await screen.findByRole('heading', { name: 'Te Awa drip' });
    await user.click(screen.getByText('Activity'));
    expect(readPreference('programSorting')).toBe('activity');
  });

  it('a monitor sees the program but no control', async () => {
    setup([[program(false)]], { canProgram: false });
    await screen.findByRole('heading', { name: 'Te Awa drip' });
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit sequences' })).toBeNull();
  });

  it('while the program is live it is polled, and the map follows within one refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = program(true);
    const moved: Program = {
      ...running,
      zones: running.zones.map((zone) => ({
        ...zone,
        application: {
          ...zone.application,
          status: zone.id === 1 ? 'stopped' : 'running',
          irrigated: zone.id === 1,
        },
      })),
    };
    const { network } = setup([[running], [moved]]);
    await map();
    await waitFor(() => expect(fillOf('Block 1')).toBe(COLOURS.running));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(fillOf('Block 2')).toBe(COLOURS.running));
    expect(fillOf('Block 1')).toBe(COLOURS.irrigated);
    const polls = network.calls.filter((call) => call.path.startsWith('/api/programs')).length;
    expect(polls).toBeGreaterThanOrEqual(2);
    // The controls follow the live pace too.
    expect(
      network.calls.filter((call) => call.path.startsWith('/api/controls')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('an idle program is not polled at the live pace', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { network } = setup([[program(false)]]);
    await screen.findByRole('heading', { name: 'Te Awa drip' });
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3));
    expect(network.calls.filter((call) => call.path.startsWith('/api/programs'))).toHaveLength(1);
  });
});

describe('zone page', () => {
  it('shows the zone beside a map focused on it, on the pane of the valve the route names', async () => {
    setup([[program(true)]], { sectionId: 1, valveId: 501 });
    expect((await map()).dataset.focus).toBe('1');
    expect(await screen.findByRole('heading', { name: 'Block 1' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Active (1)', selected: true })).toBeTruthy();
    expect(screen.getByText('Valve A').closest('li')?.getAttribute('aria-current')).toBe('true');
  });

  it('a zone the area does not have says so', async () => {
    setup([[program(false)]], { sectionId: 99 });
    expect(await screen.findByText('This zone is not part of the area.')).toBeTruthy();
  });
});
