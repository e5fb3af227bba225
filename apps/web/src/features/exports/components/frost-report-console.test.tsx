import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, renderWithProviders, scriptedFetch } from '../../../testing/render.tsx';
import { FrostReportConsole } from './frost-report-console.tsx';

const EMPTY = { items: [], page: 1, pages: 0, total: 0 };

describe('frost report console (issue 15)', () => {
  it('offers every frost report kind and asks for one night of the explorer', async () => {
    const network = scriptedFetch(
      jsonResponse(200, EMPTY),
      jsonResponse(500, {}),
      jsonResponse(200, EMPTY),
      jsonResponse(200, EMPTY),
    );
    configureApiClient({ baseUrl: '/api', fetch: network.fetch });
    const { user } = renderWithProviders(
      // 14:00 on 21 November in Auckland: last night is the night of the 21st.
      <FrostReportConsole
        areaId={5}
        timeZone="Pacific/Auckland"
        now={new Date('2026-11-21T01:00:00Z')}
      />,
    );
    const kind = screen.getByLabelText('Report');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Frost compliance', 'Fueling', 'Frost events', 'Frost explorer (one night)']);
    await user.selectOptions(kind, 'frostExplorer');
    fireEvent.change(screen.getByLabelText('To night'), { target: { value: '2026-11-23' } });
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    await waitFor(() =>
      expect(network.calls.some((call) => call.init?.method === 'POST')).toBe(true),
    );
    const post = network.calls.find((call) => call.init?.method === 'POST');
    expect(post?.url).toBe('/api/exports');
    // The explorer is the first night only, noon to noon in Auckland (NZDT, +13).
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      report: 'frostReport',
      kind: 'frostExplorer',
      format: 'pdf',
      area: 5,
      from: '2026-11-20T23:00:00.000Z',
      to: '2026-11-21T23:00:00.000Z',
    });
  });
});
