import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { json, routedFetch } from '../testing.ts';
import { ProgramDecisionsCard } from './program-decisions-card.tsx';

const detail = {
  action: 'skip',
  factor: 0,
  decidedBy: 'rain',
  at: Date.parse('2026-11-20T17:00:00Z'),
  checks: [],
  inputs: { rain24h: null, wind: null, temperature: null, soilMoisture: null },
};
const skipped = {
  id: 3,
  program: 600,
  area: 10,
  site: 1,
  at: '2026-11-20T17:00:00.000Z',
  kind: 'skip',
  requestId: 41,
  sentence: 'Skipped 06:00 — 12.4 mm of rain in the last 24 h at Te Awa station ≥ 10 mm',
  detail,
};

function setup(onEditRules: (() => void) | null = null) {
  const network = routedFetch([
    {
      method: 'GET',
      path: /\/programs\/600\/decisions/,
      answers: [json(200, { decisions: [skipped], nextBefore: null })],
    },
    {
      method: 'GET',
      path: /\/programs\/600\/decision$/,
      answers: [
        json(200, {
          hasRules: true,
          kind: 'start',
          sentence: 'Run 09:00 — no rule skipped',
          detail: { ...detail, action: 'run', factor: 1, decidedBy: null },
        }),
      ],
    },
  ]);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  renderWithProviders(
    <ProgramDecisionsCard
      areaId={10}
      programId={600}
      timeZone="Pacific/Auckland"
      onEditRules={onEditRules}
    />,
  );
  return network;
}

describe('program decisions', () => {
  it('asks nothing until opened, then tells each decision in words with its time', async () => {
    const network = setup();
    expect(network.calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Skip rules' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(screen.getByTestId('decision-now').textContent).toBe(
        'If started now: Run 09:00 — no rule skipped',
      ),
    );
    const list = screen.getByRole('list', { name: 'Decisions' });
    // 17:00 UTC is 06:00 the next day in Auckland (NZDT).
    await waitFor(() =>
      expect(within(list).getByRole('listitem').textContent).toBe(
        '2026-11-21 06:00 Skipped 06:00 — 12.4 mm of rain in the last 24 h at Te Awa station ≥ 10 mm',
      ),
    );
  });

  it('offers the skip rules to those who may edit the program', () => {
    setup(() => undefined);
    expect(screen.getByRole('button', { name: 'Skip rules' })).toBeTruthy();
  });
});
