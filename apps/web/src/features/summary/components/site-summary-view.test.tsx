import type { SiteSummary } from '@paddock/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SiteSummaryView } from './site-summary-view.tsx';

const NOW = new Date('2026-11-21T08:15:00Z');
const counts = { radios: 3, units: 1, sensors: 5, controls: 0, faults: 0, warnings: 0, overdue: 0 };
const SUMMARY: SiteSummary = {
  site: 1,
  hardware: { ...counts, radios: 20, warnings: 1 },
  lastUpdate: '2026-11-21T08:13:00Z',
  kinds: [],
  areas: [
    {
      area: 2,
      label: 'Frost protection',
      type: 'frost',
      status: 'normal',
      hasFaults: false,
      alarmsActive: true,
      zones: 3,
      program: null,
      hardware: counts,
      openEvents: 0,
      activeAlarms: 1,
      lastUpdate: '2026-11-21T08:13:00Z',
    },
    {
      area: 1,
      label: 'Vineyard irrigation',
      type: 'irrigation',
      status: 'warning',
      hasFaults: false,
      alarmsActive: true,
      zones: 8,
      program: {
        id: 1,
        name: 'Te Awa drip program',
        activity: 'running',
        startTime: '2026-11-21T07:40:00Z',
        endTime: '2026-11-21T10:40:00Z',
      },
      hardware: { ...counts, radios: 16, warnings: 1 },
      openEvents: 1,
      activeAlarms: 2,
      lastUpdate: null,
    },
    {
      area: 3,
      label: 'Water supply',
      type: '',
      status: null,
      hasFaults: true,
      alarmsActive: true,
      zones: 0,
      program: null,
      hardware: { ...counts, faults: 1 },
      openEvents: 0,
      activeAlarms: 0,
      lastUpdate: null,
    },
  ],
};

describe('SiteSummaryView (§2 site summary)', () => {
  it('shows every area with its type, status, program, counts and a link to its page', () => {
    renderWithProviders(
      <SiteSummaryView siteId={1} siteLabel="Te Awa Vineyard" summary={SUMMARY} now={NOW} />,
    );
    expect(screen.getAllByRole('article')).toHaveLength(3);

    const frost = screen.getByRole('article', { name: 'Frost protection' });
    expect(frost.textContent).toContain('Frost');
    expect(frost.textContent).toContain('No program');
    expect(frost.textContent).toContain('1 active alarm');
    expect(
      within(frost).getByRole('link', { name: 'Open Frost protection' }).getAttribute('href'),
    ).toBe('/1/frost/2');

    const irrigation = screen.getByRole('article', { name: 'Vineyard irrigation' });
    expect(irrigation.textContent).toContain('Warning');
    expect(irrigation.textContent).toContain('Te Awa drip program: Running');
    expect(irrigation.textContent).toContain('16 radios');
    expect(irrigation.textContent).toContain('1 warning');
    expect(
      within(irrigation)
        .getByRole('link', { name: 'Open Vineyard irrigation' })
        .getAttribute('href'),
    ).toBe('/1/irrigation/1');
    // Its alarms are opened from the summary (pane 5), where their Back returns.
    expect(within(irrigation).getByRole('link', { name: 'Alarms' }).getAttribute('href')).toBe(
      '/1/1/alarms?from=5',
    );

    // An empty type is water (add-ons); a fault flag wins over an unreported status.
    const water = screen.getByRole('article', { name: 'Water supply' });
    expect(water.textContent).toContain('Water');
    expect(water.textContent).toContain('Fault');
    expect(
      within(water).getByRole('link', { name: 'Open Water supply' }).getAttribute('href'),
    ).toBe('/1/addons/3');

    const totals = screen.getByRole('region', { name: 'Site totals' });
    expect(totals.textContent).toContain('20 radios');
    expect(totals.textContent).toContain('Updated 2 minutes ago');
  });

  it('shows the summary kinds the site has data for, with their labels and units', () => {
    const at = '2026-11-21T08:10:00Z';
    const kinds: SiteSummary['kinds'] = [
      { kind: 'growingDegreeDay', value: 412.4, min: 412.4, max: 412.4, sensors: 1, at },
      { kind: 'temperature', value: 14.25, min: 14.25, max: 14.25, sensors: 1, at },
      { kind: 'windSpeed', value: 11.6, min: 11.6, max: 11.6, sensors: 1, at },
      { kind: 'soilMoisture', value: 31.5, min: 24, max: 39, sensors: 4, at },
    ];
    renderWithProviders(
      <SiteSummaryView
        siteId={1}
        siteLabel="Te Awa Vineyard"
        summary={{ ...SUMMARY, kinds }}
        now={NOW}
      />,
    );
    const card = screen.getByRole('region', { name: 'Weather and soil' });
    expect(within(card).getByRole('group', { name: 'Growing days: 412 GDD' })).toBeTruthy();
    expect(within(card).getByRole('group', { name: 'Temperature: 14.3 °C' })).toBeTruthy();
    expect(within(card).getByRole('group', { name: 'Wind speed: 12 kph' })).toBeTruthy();
    const soil = within(card).getByRole('group', { name: 'Soil moisture: 31.5 %' });
    expect(soil.textContent).toContain('24.0 % to 39.0 % from 4 sensors');
    // Kinds without data are not shown.
    expect(within(card).queryByText('Humidity')).toBeNull();
    expect(within(card).getAllByRole('group')).toHaveLength(4);
  });

  it('draws no weather card for a site without such data', () => {
    renderWithProviders(
      <SiteSummaryView siteId={1} siteLabel="Te Awa Vineyard" summary={SUMMARY} now={NOW} />,
    );
    expect(screen.queryByRole('region', { name: 'Weather and soil' })).toBeNull();
  });
});
