import type { MeterFlowSettings } from '@paddock/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import { MeterFlowCard } from './meter-flow-card.tsx';

const LIMITS = {
  unscheduledFlow: 5,
  unscheduledDelaySeconds: 120,
  mainlinePercent: 150,
  mainlineDelaySeconds: 60,
};

function meter(overrides: Partial<MeterFlowSettings> = {}): MeterFlowSettings {
  return {
    sensor: 40,
    label: 'Mainline flow meter',
    limits: LIMITS,
    zones: [
      { section: 1, label: 'Block 1', expected: { source: 'learned', flow: 110 } },
      { section: 2, label: 'Block 2', expected: { source: 'designed', flow: 80 } },
      { section: 3, label: 'Block 3', expected: { source: 'none', flow: null } },
    ],
    largestZoneFlow: 110,
    now: {
      phase: 'high',
      mainline: 'normal',
      since: '2026-11-20T17:14:00.000Z',
      readingAt: '2026-11-20T17:15:00.000Z',
    },
    ...overrides,
  };
}

function setup(...answers: Response[]) {
  const network = scriptedFetch(...answers);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  const view = renderWithProviders(
    <MeterFlowCard areaId={10} sensorId={40} timeZone="Pacific/Auckland" canEdit />,
  );
  return { ...view, network };
}

describe('MeterFlowCard', () => {
  it('shows what the supervisor sees now, the zones with their flows and the limits', async () => {
    setup(jsonResponse(200, meter()));
    expect(await screen.findByText('High flow')).toBeTruthy();
    // 17:14 UTC is 06:14 the next day in Auckland (NZDT).
    expect(screen.getByTestId('meter-flow-since').textContent).toBe('since 2026-11-21 06:14');
    expect(screen.getByText('Last reading judged 2026-11-21 06:15')).toBeTruthy();
    const zones = within(screen.getByTestId('meter-flow-zones'));
    expect(zones.getByText('Block 1: 110 L/min, learned')).toBeTruthy();
    expect(zones.getByText('Block 2: 80 L/min, designed')).toBeTruthy();
    expect(zones.getByText('Block 3: no expected flow')).toBeTruthy();
    expect(screen.getByTestId('meter-flow-largest').textContent).toBe(
      'Largest zone flow 110 L/min: a mainline break over 165 L/min',
    );
    expect(screen.getByTestId('meter-flow-limits').textContent).toBe(
      'Unscheduled: over 5 L/min for 120 s with no zone running' +
        'Mainline: over 150 % of the largest zone flow for 60 s',
    );
    expect(screen.queryByTestId('meter-flow-mainline')).toBeNull();
  });

  it.each([
    ['watching', 'Watching'],
    ['settling', 'Settling'],
    ['unscheduled', 'Unscheduled flow'],
    ['unsupervised', 'Not supervised'],
    ['idle', 'Idle'],
    ['low', 'Low flow'],
  ] as const)('names the phase %s in words', async (phase, words) => {
    setup(
      jsonResponse(200, meter({ now: { phase, mainline: 'over', since: null, readingAt: null } })),
    );
    expect((await screen.findByTestId('meter-flow-phase')).textContent).toBe(words);
    expect(screen.getByTestId('meter-flow-mainline').textContent).toBe('Mainline break');
    expect(screen.queryByTestId('meter-flow-since')).toBeNull();
  });

  it('says when nothing is judged yet and no zone has a flow', async () => {
    setup(jsonResponse(200, meter({ now: null, zones: [], largestZoneFlow: null })));
    expect(await screen.findByText('No reading judged yet.')).toBeTruthy();
    expect(screen.getByText('No zone has an expected flow: no mainline limit yet.')).toBeTruthy();
  });

  it('edits the limits within the domain`s bounds and saves them with PUT sensors/{id}/flow', async () => {
    const saved = meter({ limits: { ...LIMITS, unscheduledFlow: 8, mainlinePercent: 200 } });
    const { user, network } = setup(jsonResponse(200, meter()), jsonResponse(200, saved));
    await user.click(await screen.findByRole('button', { name: 'Edit limits' }));
    const form = await screen.findByRole('dialog', { name: 'Flow limits of Mainline flow meter' });
    const mainline = within(form).getByLabelText(
      'Mainline break over (% of the largest zone flow)',
    );
    await user.clear(mainline);
    await user.type(mainline, '50');
    expect(within(form).getByText('At least 100')).toBeTruthy();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(mainline);
    await user.type(mainline, '200');
    const unscheduled = within(form).getByLabelText('Unscheduled flow over (L/min)');
    await user.clear(unscheduled);
    await user.type(unscheduled, '8');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = network.calls[1];
    expect(put?.url).toBe('/api/sensors/40/flow');
    expect(put?.init?.method).toBe('PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      limits: { ...LIMITS, unscheduledFlow: 8, mainlinePercent: 200 },
    });
    await waitFor(() =>
      expect(screen.getByTestId('meter-flow-limits').textContent).toMatch(/^Unscheduled: over 8 L/),
    );
  });
});
