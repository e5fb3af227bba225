import type { AuditRow, AuditVerdictBody } from '@paddock/domain';
import { buildAuditRow } from '@paddock/domain/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse } from '../../../testing/render.tsx';
import { chooseFilters, renderAuditWorkspace } from './audit-workspace-testing.tsx';

const row = buildAuditRow;

const INTACT: AuditVerdictBody = { ok: true, rows: 120 };

/** The API as the page calls it; every audit query it sent, parsed. */
function api(rows: AuditRow[], total = rows.length, verdict: AuditVerdictBody = INTACT) {
  const queries: Record<string, string>[] = [];
  configureApiClient({
    baseUrl: '/api',
    fetch: (async (url: RequestInfo | URL) => {
      const { pathname, searchParams } = new URL(String(url), 'http://x');
      if (pathname === '/api/sites/1/audit/verify') return jsonResponse(200, verdict);
      if (pathname === '/api/sites/1/audit') {
        const query = Object.fromEntries(searchParams);
        queries.push(query);
        return jsonResponse(200, { rows, total, page: Number(query.page ?? 1), limit: 50 });
      }
      throw new Error(`Unexpected request ${pathname}`);
    }) as typeof fetch,
  });
  return queries;
}

const workspace = renderAuditWorkspace;

describe('the audit page', () => {
  it("shows each row's time in the site's zone, who, its words as written and the address, and the verdict", async () => {
    api([
      row({
        id: 13,
        actor: { id: 9, name: 'Sam Fielding' },
        actingAs: { id: 7, name: 'Aroha Ngata' },
      }),
      row({ id: 12, actor: null, text: 'Paddock raised <b>Tank low</b>', address: null }),
    ]);
    workspace();
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeTruthy();
    const rows = await screen.findAllByTestId('audit-row');
    expect(within(rows[0] as HTMLElement).getByTestId('audit-person').textContent).toBe(
      'Sam Fielding (as Aroha Ngata)',
    );
    // Hobart is UTC+11 in November.
    expect(rows[0]?.textContent).toContain('2026-11-21 05:30');
    expect(rows[0]?.textContent).toContain('203.0.113.9');
    expect(within(rows[1] as HTMLElement).getByTestId('audit-person').textContent).toBe('Paddock');
    expect(within(rows[1] as HTMLElement).getByText('Paddock raised <b>Tank low</b>')).toBeTruthy();
    // On phones a card a row: the words, then who, when and from where.
    expect(screen.getAllByTestId('audit-card')[0]?.textContent).toBe(
      'Aroha Ngata changed the start temperature of Fan 3 from 1.5 °C to 0.5 °C' +
        'Sam Fielding (as Aroha Ngata) · 2026-11-21 05:30 · 203.0.113.9',
    );
    expect((await screen.findByTestId('audit-verdict')).textContent).toBe('Log intact: 120 rows');
    expect(screen.getByTestId('audit-shown').textContent).toBe('Rows 1–2 of 2');
  });

  it('names the first broken row of the chain and why', async () => {
    api([row()], 1, { ok: false, rows: 40, broken: { id: 5, seq: 4, reason: 'edited' } });
    workspace();
    await waitFor(() =>
      expect(screen.getByTestId('audit-verdict').textContent).toBe('Broken at row #4: edited'),
    );
    expect(screen.getByTestId('audit-verdict').getAttribute('data-state')).toBe('broken');
  });

  it('asks for the person, kind, operation and days chosen, from the first page again', async () => {
    const queries = api([row()], 120);
    const { user } = workspace();
    await screen.findAllByTestId('audit-row');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '2', limit: '50' }));

    await chooseFilters(user, { to: '2026-11-20' });
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        actor: '9',
        kind: 'sensor',
        operation: 'PUT /areas/:areaId/alarms/:id',
        from: '2026-11-19T13:00:00.000Z',
        to: '2026-11-20T13:00:00.000Z',
        page: '1',
        limit: '50',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '50' }));
  });

  it('is narrowed to the object its History linked, until that is let go', async () => {
    const queries = api([row()]);
    const onClearObject = vi.fn();
    const { user } = workspace({ object: { kind: 'sensor', target: 31 }, onClearObject });
    await screen.findAllByTestId('audit-row');
    expect(queries.at(-1)).toEqual({ kind: 'sensor', target: '31', page: '1', limit: '50' });
    expect(screen.getByTestId('audit-object-filter').textContent).toContain('Only Sensor 31');
    expect(screen.queryByRole('combobox', { name: 'Object' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show every object' }));
    expect(onClearObject).toHaveBeenCalledOnce();
  });

  it('says when no change matches', async () => {
    api([]);
    workspace();
    expect(await screen.findByText('No changes match these filters')).toBeTruthy();
  });
});
