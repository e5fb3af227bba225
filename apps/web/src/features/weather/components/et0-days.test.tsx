import type { Et0Day, SiteEt0 } from '@paddock/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import { Et0Days } from './et0-days.tsx';

const terms = {
  pressureKpa: 100.1,
  gammaKpaPerC: 0.0666,
  deltaKpaPerC: 0.1221,
  esKpa: 1.997,
  eaKpa: 1.409,
  vapourPressureDeficitKpa: 0.589,
  u2MetresPerSecond: 2.078,
  raMj: 41.09,
  rsoMj: 30.9,
  rsMj: 22.07,
  rnsMj: 16.99,
  rnlMj: 3.71,
  rnMj: 13.28,
  gMj: 0,
  tMeanCelsius: 16.9,
};

/** FAO-56 Example 18's day (Brussels, 6 July) as the server keeps it, measured throughout. */
const measured: Et0Day = {
  date: '2026-11-20',
  et0: 3.88,
  computedAt: '2026-11-20T11:10:00.000Z',
  inputs: {
    latitudeDegrees: 50.8,
    elevationMetres: 100,
    dayOfYear: 187,
    tMaxCelsius: 21.5,
    tMinCelsius: 12.3,
    rhMaxPercent: 84,
    rhMinPercent: 63,
    windSpeedMetresPerSecond: 2.78,
    windHeightMetres: 10,
    solarRadiationMjPerM2Day: 22.07,
    kRs: null,
    pressureKpa: 100.1,
    sources: { ea: 'rh', rs: 'measured', pressure: 'measured', wind: 'measured' },
    terms,
    sensors: { temperature: 1, humidity: 2, wind: 3, solarRadiation: 4, pressure: 5 },
  },
};

/** A day of a station with a thermometer only: every other input estimated. */
const estimated: Et0Day = {
  ...measured,
  date: '2026-11-19',
  et0: 4.2,
  inputs: {
    ...measured.inputs,
    rhMaxPercent: null,
    rhMinPercent: null,
    windSpeedMetresPerSecond: null,
    solarRadiationMjPerM2Day: null,
    kRs: 0.16,
    pressureKpa: null,
    sources: { ea: 'tmin', rs: 'temperature', pressure: 'elevation', wind: 'default' },
    terms: { ...terms, rsMj: 18.4, pressureKpa: 100.1 },
    sensors: { temperature: 1, humidity: null, wind: null, solarRadiation: null, pressure: null },
  },
};

function setup(body: SiteEt0 | Response) {
  const network = scriptedFetch(body instanceof Response ? body : jsonResponse(200, body));
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  renderWithProviders(<Et0Days siteId={1} areaId={12} timeZone="Pacific/Auckland" />);
  return network;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Et0Days', () => {
  it('lists the station`s latest days, newest first, each with what its ET0 came from', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T09:00:00.000Z'), toFake: ['Date'] });
    const network = setup({
      site: 1,
      timezone: 'Pacific/Auckland',
      from: '2026-11-14',
      to: '2026-11-21',
      stations: [
        { area: 99, label: 'Another station', days: [{ ...measured, et0: 9.9 }] },
        { area: 12, label: 'Te Awa station', days: [estimated, measured] },
      ],
    });
    const table = await screen.findByRole('table', { name: 'ET0 by day and what it came from' });
    // The site's today is 21 November (22:00 NZDT): the week before it, to today.
    expect(network.calls[0]?.url).toMatch(/\/sites\/1\/et0\?from=2026-11-14&to=2026-11-21$/);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-date'))).toEqual(['2026-11-20', '2026-11-19']);
    expect(rows[0]?.textContent).toContain('3.9 mm');
    expect(rows[0]?.textContent).toContain(
      '21.5/12.3 °C · RH 84/63 % · wind 2.8 m/s at 10 m · Rs 22.1 MJ/m² measured · 100.1 kPa measured',
    );
    expect(rows[1]?.textContent).toContain(
      '21.5/12.3 °C · humidity from Tmin · wind 2 m/s (FAO-56 default) · ' +
        'Rs 18.4 MJ/m² from the temperature range (kRs 0.16) · 100.1 kPa from 100 m elevation',
    );
    expect(screen.queryByText(/9\.9 mm/)).toBeNull();
  });

  it('says so when the station has no day in the range', async () => {
    setup({
      site: 1,
      timezone: 'Pacific/Auckland',
      from: '2026-11-14',
      to: '2026-11-21',
      stations: [],
    });
    expect(await screen.findByText('No ET0 computed in the last 7 days.')).toBeTruthy();
  });
});
