import type { MaintenanceWorklist } from '@paddock/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { WorklistView } from './worklist-view.tsx';

const NOW = new Date('2026-11-21T09:00:00Z');

const base = {
  type: 'WVC' as const,
  section: { id: 4, label: 'Zone 1' },
  overdue: false,
  fault: false,
  online: true,
  batteryValue: 3.6,
  signalValue: -80,
  missesValue: 0,
  lastUpdate: '2026-11-21T08:55:00Z',
  reportIntervalSeconds: 600,
  battery: null,
  signal: null,
  airtime: null,
};

const LIST: MaintenanceWorklist = {
  siteId: 1,
  generatedAt: NOW.toISOString(),
  withinDays: 30,
  areas: [
    {
      area: { id: 2, label: 'Block A' },
      items: [
        {
          ...base,
          kind: 'radio',
          id: 10,
          serialno: 'WVC-004512',
          reasons: ['overdue'],
          urgency: 100,
          overdue: true,
          lastUpdate: '2026-11-21T08:20:00Z',
        },
        {
          ...base,
          kind: 'radio',
          id: 11,
          serialno: 'WVC-004513',
          reasons: ['batterySoon'],
          urgency: 36,
          batteryValue: 3.41,
          battery: {
            state: 'falling',
            slopePerDay: -0.011,
            level: 3.41,
            fittedFrom: '2026-11-07T09:00:00.000Z',
            days: 14,
            confidence: 'high',
            crossings: [
              {
                level: 3.3,
                crossed: false,
                at: '2026-12-01T09:00:00.000Z',
                earliest: null,
                latest: null,
              },
              { level: 3, crossed: false, at: null, earliest: null, latest: null },
            ],
          },
        },
      ],
    },
  ],
};

describe('WorklistView', () => {
  it('groups devices by area, most urgent first, with reasons, the predicted battery date and a deep link', () => {
    renderWithProviders(
      <WorklistView
        siteId={1}
        siteLabel="Te Awa"
        list={LIST}
        withinDays={30}
        onWithinDaysChange={() => {}}
        now={NOW}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Maintenance worklist' })).toBeTruthy();
    expect(screen.getByText('2 devices need a visit')).toBeTruthy();
    const group = screen.getByRole('region', { name: 'Block A' });
    const rows = within(group).getAllByTestId('worklist-row');
    expect(rows.map((row) => within(row).getAllByRole('link')[0]?.textContent)).toEqual([
      'WVC-004512',
      'WVC-004513',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Overdue')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement).getByText(/^3\.3 V by .*Dec.* \(high confidence\)$/),
    ).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('link')[0]
        ?.getAttribute('href'),
    ).toBe('/1/2/radio/10');
  });

  it("says how a LoRaWAN device's air time stands against its fair use", () => {
    const lora = {
      ...base,
      kind: 'radio' as const,
      id: 12,
      serialno: 'LORA-0007',
      type: 'LoRa' as const,
      reasons: ['airtime' as const],
      urgency: 55,
      lastUpdate: '2026-11-21T08:59:00Z',
      airtime: {
        state: 'will-pass' as const,
        usedSeconds: 14.8,
        projectedSeconds: 88.84,
        limitSeconds: 30,
      },
    };
    renderWithProviders(
      <WorklistView
        siteId={1}
        siteLabel="Te Awa"
        list={{ ...LIST, areas: [{ area: { id: 2, label: 'Block A' }, items: [lora] }] }}
        withinDays={30}
        onWithinDaysChange={() => {}}
        now={NOW}
      />,
    );
    const [row] = screen.getAllByTestId('worklist-row');
    expect(within(row as HTMLElement).getByText('Air time')).toBeTruthy();
    expect(
      within(row as HTMLElement).getByText(
        '15 s on air in 24 h, 89 s a day at this rate (fair use 30 s)',
      ),
    ).toBeTruthy();
  });

  it('says so when nothing needs a visit, and offers another window', async () => {
    const change = vi.fn();
    renderWithProviders(
      <WorklistView
        siteId={1}
        siteLabel="Te Awa"
        list={{ ...LIST, areas: [] }}
        withinDays={30}
        onWithinDaysChange={change}
        now={NOW}
      />,
    );
    expect(screen.getByText(/Nothing needs a visit/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Predicted within'), '90');
    expect(change).toHaveBeenCalledWith(90);
  });
});
