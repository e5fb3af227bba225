import { parseCsv, type IrrigationHistory } from '@paddock/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { clearAuth, writeAuth } from '../../lib/auth-storage.ts';
import * as download from '../../lib/offer-download.ts';
import { HISTORY_CSV_TITLES, monthlyHistory } from '../../testing/irrigation-history.ts';
import { jsonResponse, renderWithProviders, tokenSet } from '../../testing/render.tsx';
import { IrrigationHistoryChart } from './irrigation-history-chart.tsx';

const ZONES = [
  { section: 1, label: 'Block 1', metered: true },
  { section: 2, label: 'Block 2', metered: false },
];

const byMonth = monthlyHistory(ZONES, [
  { period: '2026-10', section: 1, runs: 3, runtime: 240, applied: 20, target: 30, volume: 9.5 },
  { period: '2026-11', section: 2, runs: 1, runtime: 120, applied: 10, target: 12, volume: null },
]);

const octoberByDay: IrrigationHistory = {
  ...byMonth,
  interval: 'day',
  from: '2026-10-01',
  to: '2026-11-01',
  periods: Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`),
  rows: [
    { period: '2026-10-03', section: 1, runs: 1, runtime: 80, applied: 6.7, target: 10, volume: 4 },
  ],
};

function setup(answers: { month: IrrigationHistory; day?: IrrigationHistory }, section?: number) {
  const urls: string[] = [];
  const fetch = (async (url: RequestInfo | URL) => {
    const text = String(url);
    urls.push(text);
    if (!text.includes('/areas/10/irrigation-history?')) throw new Error(`Unexpected ${text}`);
    return jsonResponse(200, text.includes('interval=day') ? answers.day : answers.month);
  }) as typeof globalThis.fetch;
  configureApiClient({ baseUrl: '/api', fetch });
  const view = renderWithProviders(
    <IrrigationHistoryChart
      areaId={10}
      title="Irrigation monthly"
      timeZone="Pacific/Auckland"
      {...(section === undefined ? {} : { section })}
    />,
  );
  return { ...view, urls };
}

/** What offerDownload was given last, as text. */
async function downloaded(spy: ReturnType<typeof vi.spyOn>) {
  await waitFor(() => expect(spy).toHaveBeenCalled());
  const [blob, name] = spy.mock.lastCall as [Blob, string];
  return { name, text: await blob.text() };
}

beforeEach(() => writeAuth(tokenSet()));
afterEach(() => {
  clearAuth();
  vi.restoreAllMocks();
});

// Mantine's menus and selects take a few seconds a test when the machine is busy.
describe('IrrigationHistoryChart', { timeout: 20_000 }, () => {
  it('asks for the last three months by month and lists the zones with runs in the legend', async () => {
    const { urls } = setup({ month: byMonth });
    expect(await screen.findByText('Target depth')).toBeTruthy();
    expect(screen.getByText('Block 1')).toBeTruthy();
    expect(screen.getByText('Block 2')).toBeTruthy();
    // A zone was metered: the water used is drawn on its own axis.
    expect(screen.getByText('Water used')).toBeTruthy();
    expect(urls).toEqual(['/api/areas/10/irrigation-history?interval=month']);
  });

  it('shows the numbers as a table', async () => {
    const { user } = setup({ month: byMonth });
    await user.click(await screen.findByRole('button', { name: 'Show table' }));
    const table = screen.getByRole('table', { name: 'Irrigation monthly as a table' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Period', 'Zone', 'Runs', 'Applied depth (mm)', 'Target depth (mm)', 'Water used (m³)'],
      ['Oct 2026', 'Block 1', '3', '20', '30', '9.5'],
      ['Nov 2026', 'Block 2', '1', '10', '12', ''],
    ]);
  });

  it('exports csv and advanced csv of what it shows', async () => {
    const spy = vi.spyOn(download, 'offerDownload').mockImplementation(() => {});
    const { user } = setup({ month: byMonth });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV', hidden: true }));
    const csv = await downloaded(spy);
    expect(csv.name).toMatch(/^irrigation-monthly-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(parseCsv(csv.text)).toEqual([
      Object.values(HISTORY_CSV_TITLES),
      ['2026-10', 'Block 1', '3', '240', '20', '30', '9.5'],
      ['2026-11', 'Block 2', '1', '120', '10', '12', ''],
    ]);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Advanced CSV', hidden: true }));
    const advanced = await downloaded(spy);
    expect(advanced.name).toMatch(/^irrigation-monthly-advanced-/);
    expect(parseCsv(advanced.text)[1]).toEqual([
      '1',
      'Block 1',
      '2026-10-01T00:00:00+13:00',
      '2026-11-01T00:00:00+13:00',
      '3',
      '240',
      '20',
      '30',
      '-10',
      '9.5',
    ]);
  });

  it('zooms a month into its days and back', async () => {
    const { user, urls } = setup({ month: byMonth, day: octoberByDay }, 1);
    const picker = await screen.findByRole('combobox', { name: 'Days of a month' });
    await user.click(picker);
    await user.click(screen.getByRole('option', { name: 'Oct 2026', hidden: true }));
    expect(await screen.findByText('Irrigation monthly: Oct 2026')).toBeTruthy();
    expect(urls).toContain(
      '/api/areas/10/irrigation-history?interval=day&from=2026-10-01&to=2026-11-01&section=1',
    );
    await user.click(screen.getByRole('button', { name: 'Show table' }));
    expect(screen.getByRole('row', { name: /Oct 3 Block 1 1 6\.7 10 4/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(await screen.findByText('Irrigation monthly')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
  });

  it('says there is nothing to show when no zone ran', async () => {
    setup({ month: { ...byMonth, rows: [] } });
    expect(await screen.findByText('No data to display')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(true);
  });
});
