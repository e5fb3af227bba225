import type { FrostForecast, FrostForecastTonight } from '@paddock/domain';
import { buildFrostForecastTonight } from '@paddock/domain/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import { FrostForecastPanel, TonightForecast } from './frost-forecast-panel.tsx';

const ZONE = 'Pacific/Auckland';

/** A night in September (NZST, UTC+12): sunset 18:10, forecast at 20:10. */
const TONIGHT = buildFrostForecastTonight({
  a: 0.61,
  b: 0.2,
  c: -4.9,
  fit: { nights: 14, meanAbsoluteError: 0.62, source: 'site' },
  tmin: -1.04,
  startExpectedAt: '2026-09-20T12:40:00Z',
  curve: [
    { at: '2026-09-20T08:10:00Z', temperature: 6 },
    { at: '2026-09-20T18:20:00Z', temperature: -1.04 },
  ],
  warning: { threshold: 3, sent: true, sentAt: '2026-09-20T08:10:05Z' },
});

const forecast = (tonight: FrostForecastTonight | null): FrostForecast => ({ area: 2, tonight });

function panel(tonight: FrostForecastTonight | null, canForecast = true) {
  return renderWithProviders(
    <FrostForecastPanel
      forecast={forecast(tonight)}
      timeZone={ZONE}
      canForecast={canForecast}
      forecasting={false}
      onForecastNow={() => undefined}
    />,
  );
}

afterEach(() => configureApiClient({ baseUrl: '/api', fetch: globalThis.fetch }));

describe("tonight's frost forecast", () => {
  it('shows the minimum, the start time in site time, the fit and the warning sent', () => {
    panel(TONIGHT);
    expect(screen.getByTestId('frost-forecast-minimum').textContent).toContain('-1 °C');
    expect(screen.getByTestId('frost-forecast-minimum').textContent).toContain(
      'from 6 °C, dew point 1 °C',
    );
    const start = screen.getByTestId('frost-forecast-start');
    expect(start.textContent).toContain('At 2 °C');
    // 12:40 UTC is 00:40 in Auckland.
    expect(start.textContent).toContain('00:40');
    expect(screen.getByTestId('frost-forecast-fit').textContent).toContain('14 nights');
    expect(screen.getByTestId('frost-forecast-fit').textContent).toContain('error ±0.6 °C');
    const warning = screen.getByTestId('frost-forecast-warning');
    expect(warning.textContent).toContain('sent 20:10');
    expect(warning.textContent).toContain('at or below 3 °C');
  });

  it('says "default coefficients" until the site has enough nights', () => {
    panel({ ...TONIGHT, fit: { nights: 0, meanAbsoluteError: null, source: 'default' } });
    const fit = screen.getByTestId('frost-forecast-fit');
    expect(fit.textContent).toContain('Default coefficients');
    expect(fit.textContent).toContain('until the site has 10 clear, calm nights');
  });

  it('before two hours after sunset shows when the forecast will be made, no warning yet', () => {
    panel({
      ...TONIGHT,
      evaluatedAt: null,
      t2: null,
      td2: null,
      tmin: null,
      startExpectedAt: null,
      curve: [],
      warning: { threshold: 3, sent: false, sentAt: null },
    });
    expect(screen.getByTestId('frost-forecast-minimum').textContent).toContain('forecast at 20:10');
    expect(screen.getByTestId('frost-forecast-start').textContent).not.toContain('stays above');
    expect(screen.getByTestId('frost-forecast-warning').textContent).toContain('not sent');
  });

  it('says the night stays above the start temperature when the curve never reaches it', () => {
    panel({ ...TONIGHT, tmin: 3.5, startExpectedAt: null });
    expect(screen.getByTestId('frost-forecast-start').textContent).toContain('stays above');
  });

  it('offers "Forecast now" only with edit rights', () => {
    panel(TONIGHT, false);
    expect(screen.queryByRole('button', { name: 'Forecast now' })).toBeNull();
  });

  it('says so where the sun does not set', () => {
    panel(null);
    expect(screen.getByTestId('frost-forecast').textContent).toContain(
      'The sun does not set here tonight',
    );
  });

  it('"Forecast now" before two hours after sunset asks first; Cancel forecasts nothing', async () => {
    const sunset = new Date(Date.now() + 60 * 60_000).toISOString();
    const onForecastNow = vi.fn();
    const { user } = renderWithProviders(
      <FrostForecastPanel
        forecast={forecast(buildFrostForecastTonight({ sunset }))}
        timeZone={ZONE}
        canForecast
        forecasting={false}
        onForecastNow={onForecastNow}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Forecast now' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Forecast before two hours after sunset?',
    });
    expect(dialog.textContent).toContain("sends tonight's one early warning");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onForecastNow).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Forecast now' }));
    const again = await screen.findByRole('dialog', {
      name: 'Forecast before two hours after sunset?',
    });
    await user.click(within(again).getByRole('button', { name: 'Forecast now' }));
    expect(onForecastNow).toHaveBeenCalledTimes(1);
  });

  it('"Forecast now" posts and shows the new forecast', async () => {
    const before = { ...TONIGHT, evaluatedAt: null, t2: null, td2: null, tmin: null };
    const network = scriptedFetch(
      jsonResponse(200, forecast(before)),
      jsonResponse(200, forecast(TONIGHT)),
    );
    configureApiClient({ baseUrl: '/api', fetch: network.fetch });
    const { user } = renderWithProviders(
      <TonightForecast areaId={2} timeZone={ZONE} canForecast refetchIntervalMs={600_000} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Forecast now' }));
    await waitFor(() =>
      expect(screen.getByTestId('frost-forecast-minimum').textContent).toContain('-1 °C'),
    );
    expect(network.calls.map((call) => [call.init?.method ?? 'GET', call.url])).toEqual([
      ['GET', '/api/areas/2/frost-forecast'],
      ['POST', '/api/areas/2/frost-forecast'],
    ]);
  });
});
