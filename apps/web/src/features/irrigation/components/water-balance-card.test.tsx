import type { AreaWaterBalance } from '@paddock/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { areaWaterBalance, balanceZone, json, routedFetch } from '../testing.ts';
import { WaterBalanceCard } from './water-balance-card.tsx';

function setup(body: AreaWaterBalance, sectionId: number) {
  const network = routedFetch([
    { method: 'GET', path: /\/areas\/10\/water-balance$/, answers: [json(200, body)] },
  ]);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  renderWithProviders(<WaterBalanceCard areaId={10} sectionId={sectionId} />);
}

describe('WaterBalanceCard', () => {
  it('shows the zone`s depletion against RAW, today`s ET0 × Kc and where they came from', async () => {
    setup(areaWaterBalance(), 1);
    expect(await screen.findByText('12.3 mm below field capacity (27 % of RAW)')).toBeTruthy();
    expect(screen.getByText('Not dry')).toBeTruthy();
    expect(screen.getByText('RAW 45 mm of TAW 90 mm')).toBeTruthy();
    expect(screen.getByText('Today: ET0 4.8 mm × Kc 0.55 = 2.6 mm')).toBeTruthy();
    expect(
      screen.getByText('ET0 from Te Awa station · rain from Weather station rain gauge'),
    ).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Depletion from 0 to TAW' });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo((12.3 / 90) * 100);
    expect(screen.queryByText(/No ET0 for today/)).toBeNull();
    expect(screen.queryByTestId('water-balance-probe')).toBeNull();
  });

  it('names the day whose ET0 counts for today, and the probe that corrected the zone', async () => {
    const probed = {
      ...balanceZone(1, 20.4),
      probe: {
        sensor: 41,
        label: 'Block 1 soil probe',
        moisture: 26.5,
        at: '2026-11-21T07:30:00.000Z',
        depletion: 21,
      },
    };
    setup(areaWaterBalance({ et0EstimatedFrom: '2026-11-20', zones: [probed] }), 1);
    expect(
      await screen.findByText(
        'Today’s ET0 is computed once the day is over; until then 2026-11-20’s counts.',
      ),
    ).toBeTruthy();
    // 07:30 UTC is 20:30 in Auckland (NZDT).
    expect(screen.getByTestId('water-balance-probe').textContent).toMatch(
      /^Corrected toward Block 1 soil probe: 26\.5 % at .*(20:30|08:30 PM), 21 mm below field capacity$/,
    );
  });

  it('says dry past RAW, and when today has no ET0 and the site no station or gauge', async () => {
    setup(
      areaWaterBalance({
        et0Station: null,
        rainGauge: null,
        missingEt0: ['2026-11-20', '2026-11-21'],
      }),
      2,
    );
    expect(await screen.findByText('54 mm below field capacity (120 % of RAW)')).toBeTruthy();
    expect(screen.getByText('Dry')).toBeTruthy();
    expect(screen.getByText('No ET0 for today yet: counted as 0 mm.')).toBeTruthy();
    expect(screen.getByText('No weather station with ET0 · no rain gauge')).toBeTruthy();
  });
});
