import { roleActions, type AuditRow, type Privilege } from '@paddock/domain';
import { buildAuditRow } from '@paddock/domain/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { jsonResponse, renderWithProviders } from '../../testing/render.tsx';
import { ObjectHistory } from './object-history.tsx';

const FAN = 31;

const row = (overrides: Partial<AuditRow> = {}) =>
  buildAuditRow({ id: 5, operation: 'PUT /alarms/:id', target: FAN, ...overrides });

/** The API as the pane calls it: the caller's privileges, and the audit log or its refusal. */
function api(sitePrivileges: Privilege[], audit: Response, userPrivileges: Privilege[] = []) {
  const calls: string[] = [];
  configureApiClient({
    baseUrl: '/api',
    fetch: (async (url: RequestInfo | URL) => {
      const { pathname, search } = new URL(String(url), 'http://x');
      calls.push(`${pathname}${search}`);
      if (pathname === '/api/sites/1/privileges') {
        return jsonResponse(200, { privileges: sitePrivileges, areas: {} });
      }
      if (pathname === '/api/user/privileges') {
        return jsonResponse(200, { privileges: userPrivileges });
      }
      if (pathname === '/api/sites/1/audit') return audit.clone();
      throw new Error(`Unexpected request ${pathname}`);
    }) as typeof fetch,
  });
  return calls;
}

const page = (rows: AuditRow[]) =>
  jsonResponse(200, { rows, total: rows.length, page: 1, limit: 10 });

const pane = () =>
  renderWithProviders(
    <>
      <ObjectHistory
        siteId={1}
        object={{ kind: 'sensor', target: FAN }}
        timeZone="Pacific/Auckland"
      />
      <p>after the pane</p>
    </>,
  );

describe("an object's History", () => {
  it("lists a site admin the object's latest rows in words, with who and when, and links the audit page narrowed to it", async () => {
    const calls = api([...roleActions('admin')], page([row(), row({ id: 4, text: 'Older' })]));
    pane();
    const history = await screen.findByRole('region', { name: 'History' });
    const rows = await within(history).findAllByTestId('history-row');
    expect(rows.map((item) => item.firstChild?.textContent)).toEqual([
      'Aroha Ngata changed the start temperature of Fan 3 from 1.5 °C to 0.5 °C',
      'Older',
    ]);
    expect(rows[0]?.textContent).toContain('Aroha Ngata · 2026-11-21 07:30');
    expect(
      within(history)
        .getByRole('link', { name: 'All of its history in the audit log' })
        .getAttribute('href'),
    ).toBe(`/1/audit?type=sensor&target=${FAN}`);
    expect(calls).toContain(`/api/sites/1/audit?kind=sensor&target=${FAN}&limit=10`);
  });

  it('shows support staff the history too, naming both people under Switch User', async () => {
    api(
      ['view'],
      page([
        row({ actor: { id: 9, name: 'Sam Fielding' }, actingAs: { id: 7, name: 'Aroha Ngata' } }),
      ]),
      ['internal', 'loginAs'],
    );
    pane();
    const rows = await screen.findAllByTestId('history-row');
    expect(rows[0]?.textContent).toContain('Sam Fielding (as Aroha Ngata)');
  });

  it('shows a manager nothing and never asks for the log', async () => {
    const calls = api([...roleActions('manage')], jsonResponse(403, { message: 'Forbidden' }));
    pane();
    await waitFor(() => expect(calls).toContain('/api/sites/1/privileges'));
    await screen.findByText('after the pane');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(calls.some((call) => call.startsWith('/api/sites/1/audit'))).toBe(false);
  });

  it('shows nothing, and no error, when the server refuses the caller after all', async () => {
    const calls = api([...roleActions('admin')], jsonResponse(403, { message: 'Forbidden' }));
    pane();
    await waitFor(() =>
      expect(calls.some((call) => call.startsWith('/api/sites/1/audit'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the object has no recorded changes yet', async () => {
    api([...roleActions('admin')], page([]));
    pane();
    expect(await screen.findByText('No changes recorded yet')).toBeTruthy();
  });
});
