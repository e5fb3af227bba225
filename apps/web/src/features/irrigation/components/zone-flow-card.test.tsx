import type { ZoneFlowSettings } from '@paddock/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { json, routedFetch, type Route } from '../testing.ts';
import { ZoneFlowCard } from './zone-flow-card.tsx';

const LIMITS = {
  settleSeconds: 60,
  highPercent: 30,
  highDelaySeconds: 60,
  lowPercent: 50,
  lowDelaySeconds: 60,
};

function flow(overrides: Partial<ZoneFlowSettings> = {}): ZoneFlowSettings {
  return {
    section: 4,
    label: 'Block 4',
    limits: LIMITS,
    designedFlow: 100,
    learned: { flow: 110, runs: 8, at: '2026-11-20T17:00:00.000Z' },
    expected: { source: 'learned', flow: 110 },
    ...overrides,
  };
}

const notLearned = flow({
  designedFlow: null,
  learned: { flow: null, runs: 2, at: null },
  expected: { source: 'none', flow: null },
});

function setup(answers: Route[], canEdit = true) {
  const network = routedFetch(answers);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  const view = renderWithProviders(
    <ZoneFlowCard areaId={10} sectionId={4} timeZone="Pacific/Auckland" canEdit={canEdit} />,
  );
  return { ...view, network };
}

const read = (body: ZoneFlowSettings): Route => ({
  method: 'GET',
  path: /\/sections\/4\/flow$/,
  answers: [json(200, body)],
});

describe('ZoneFlowCard', () => {
  it('shows a learned flow with its runs, the limits in words and the flows they come to', async () => {
    setup([read(flow())]);
    expect(await screen.findByText('Learned 110 L/min from 8 runs')).toBeTruthy();
    expect(screen.getByText('Designed 100 L/min, used until learned')).toBeTruthy();
    // 17:00 UTC is 06:00 the next day in Auckland (NZDT).
    expect(screen.getByText('Runs last counted 2026-11-21 06:00')).toBeTruthy();
    expect(screen.getByTestId('zone-flow-limits').textContent).toBe(
      'Settle 60 s · high +30 % for 60 s · low −50 % for 60 s',
    );
    expect(screen.getByTestId('zone-flow-bounds').textContent).toBe(
      'Closed above 143 L/min; a warning below 55 L/min',
    );
  });

  it('falls back to the designed flow, saying how many runs it still needs', async () => {
    setup([
      read(
        flow({
          learned: { flow: null, runs: 2, at: null },
          expected: { source: 'designed', flow: 100 },
        }),
      ),
    ]);
    expect(await screen.findByText('Designed 100 L/min')).toBeTruthy();
    expect(screen.getByText('Not learned yet: 2 of 3 runs')).toBeTruthy();
  });

  it('says a zone with neither is not supervised, and offers nothing to a viewer', async () => {
    setup([read(notLearned)], false);
    expect(await screen.findByText('Not learned yet: 2 of 3 runs')).toBeTruthy();
    expect(
      screen.getByText('With no learned or designed flow, the zone’s flow is not supervised.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('zone-flow-bounds')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Learn now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit limits' })).toBeNull();
  });

  it('learns now with POST sections/{id}/flow/learn and shows what was learned', async () => {
    const learned = flow({
      learned: { flow: 96, runs: 3, at: null },
      expected: { source: 'learned', flow: 96 },
    });
    const { user, network } = setup([
      { ...read(notLearned), answers: [json(200, notLearned), json(200, learned)] },
      {
        method: 'POST',
        path: /\/sections\/4\/flow\/learn$/,
        answers: [json(200, learned)],
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Learn now' }));
    expect(await screen.findByText('Learned 96 L/min from 3 runs')).toBeTruthy();
    expect(network.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('checks the limits with the domain`s bounds, and saves them with the designed flow', async () => {
    const { user, network } = setup([
      read(flow()),
      {
        method: 'PUT',
        path: /\/sections\/4\/flow$/,
        answers: [(body) => json(200, { ...flow(), ...(body as object) })],
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit limits' }));
    const form = await screen.findByRole('dialog', { name: 'Flow limits of Block 4' });
    const low = within(form).getByLabelText('Low flow: under expected by (%)');
    await user.clear(low);
    await user.type(low, '120');
    expect(within(form).getByText('At most 99')).toBeTruthy();
    const settle = within(form).getByLabelText('Settle time after a valve opens (s)');
    await user.clear(settle);
    await user.type(settle, '1.5');
    expect(within(form).getByText('A whole number')).toBeTruthy();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.clear(low);
    await user.type(low, '40');
    await user.clear(settle);
    await user.type(settle, '90');
    await user.clear(within(form).getByLabelText('Designed flow (L/min)'));
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      limits: { ...LIMITS, settleSeconds: 90, lowPercent: 40 },
      designedFlow: null,
    });
  });

  it('shows the server`s refusal at the field it names', async () => {
    const { user } = setup([
      read(flow()),
      {
        method: 'PUT',
        path: /\/sections\/4\/flow$/,
        answers: [
          json(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'limits.highPercent: Too big',
            field: 'limits.highPercent',
            reason: 'Too big',
          }),
        ],
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit limits' }));
    const form = await screen.findByRole('dialog', { name: 'Flow limits of Block 4' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const high = within(form).getByLabelText('High flow: over expected by (%)');
    await waitFor(() => expect(high.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Too big')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
