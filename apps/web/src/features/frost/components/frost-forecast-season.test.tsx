import type { FrostForecasts } from '@paddock/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { FrostForecastSeason } from './frost-forecast-season.tsx';

const FORECASTS: FrostForecasts = {
  area: 2,
  nights: [
    { night: '2026-09-20', forecastMin: -1.2, observedMin: null, error: null, radiative: false },
    { night: '2026-09-19', forecastMin: -0.5, observedMin: -1.1, error: 0.6, radiative: true },
    { night: '2026-09-18', forecastMin: 2.1, observedMin: 2.5, error: -0.4, radiative: false },
  ],
  season: { count: 2, meanAbsoluteError: 0.5, bias: 0.1 },
};

describe("the season's forecast against observed", () => {
  it('lists each night with its forecast, observed and error', () => {
    renderWithProviders(<FrostForecastSeason forecasts={FORECASTS} />);
    const rows = screen.getAllByTestId('frost-season-night');
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement | undefined) =>
      within(row ?? document.body)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[1])).toEqual(['Sat, Sep 19, 2026', '-0.5 °C', '-1.1 °C', '+0.6 °C']);
    // Tonight has no observation yet.
    expect(cells(rows[0]).slice(1)).toEqual(['-1.2 °C', '--', '--']);
    expect(rows[2]?.textContent).toContain('not clear and calm');
    // Tonight is judged clear and calm or not only in the morning.
    expect(rows[0]?.textContent).not.toContain('not clear and calm');
  });

  it('gives the mean absolute error, the bias signed and the count', () => {
    renderWithProviders(<FrostForecastSeason forecasts={FORECASTS} />);
    expect(screen.getByTestId('frost-season-mae').textContent).toContain('0.5 °C');
    expect(screen.getByTestId('frost-season-bias').textContent).toContain('+0.1 °C');
    expect(screen.getByTestId('frost-season-count').textContent).toContain('2');
  });

  it('with no nights yet says so', () => {
    renderWithProviders(
      <FrostForecastSeason
        forecasts={{
          area: 2,
          nights: [],
          season: { count: 0, meanAbsoluteError: null, bias: null },
        }}
      />,
    );
    expect(screen.getByTestId('frost-forecast-season').textContent).toContain(
      'No forecast nights this season yet.',
    );
    expect(screen.getByTestId('frost-season-mae').textContent).toContain('--');
  });
});
