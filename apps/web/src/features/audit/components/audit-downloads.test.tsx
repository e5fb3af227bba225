import type { ReportExport } from '@paddock/domain';
import { buildAuditExport, buildAuditRow } from '@paddock/domain/testing';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { writeAuth } from '../../../lib/auth-storage.ts';
import { offerDownload } from '../../../lib/offer-download.ts';
import { jsonResponse, tokenSet } from '../../../testing/render.tsx';
import { chooseFilters, renderAuditWorkspace } from './audit-workspace-testing.tsx';

// The browser's save dialog is not jsdom's: what the page hands it is recorded instead.
vi.mock('../../../lib/offer-download.ts', () => ({ offerDownload: vi.fn() }));

const NOW = new Date('2026-11-29T02:00:00.000Z');

const ROW = buildAuditRow();

function exportOf(body: Record<string, unknown>, overrides: Partial<ReportExport>): ReportExport {
  return buildAuditExport({
    created: NOW.toISOString(),
    format: body.format === 'xlsx' ? 'xlsx' : 'csv',
    from: String(body.from),
    to: String(body.to),
    ...overrides,
  });
}

/**
 * The API as the page calls it: the audit page and its verdict, and an export made once `made`
 * settles (at once by default), or failed with `failure`. Every POST exports body sent, parsed.
 */
function api(failure: string | null = null, made: Promise<void> = Promise.resolve()) {
  const asked: Record<string, unknown>[] = [];
  configureApiClient({
    baseUrl: '/api',
    fetch: (async (url: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(url), 'http://x');
      if (pathname === '/api/sites/1/audit/verify') return jsonResponse(200, { ok: true, rows: 1 });
      if (pathname === '/api/sites/1/audit') {
        return jsonResponse(200, { rows: [ROW], total: 1, page: 1, limit: 50 });
      }
      if (pathname === '/api/exports' && init?.method === 'POST') {
        asked.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return jsonResponse(202, exportOf(asked.at(-1) ?? {}, {}));
      }
      if (pathname === '/api/exports/41') {
        await made;
        const current = failure
          ? { status: 'failed' as const, error: failure }
          : { status: 'done' as const, progress: 100, fileName: 'audit.csv', size: 9 };
        return jsonResponse(200, exportOf(asked.at(-1) ?? {}, current));
      }
      if (pathname === '/api/exports') {
        return jsonResponse(200, { items: [], page: 1, pages: 0, total: 0 });
      }
      throw new Error(`Unexpected request ${pathname}`);
    }) as typeof fetch,
  });
  return asked;
}

const workspace = renderAuditWorkspace;

describe("the audit page's downloads", () => {
  beforeEach(() => {
    localStorage.clear();
    writeAuth(tokenSet());
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    vi.mocked(offerDownload).mockClear();
    // GET exports/41/file goes by the browser's fetch, with the session's token.
    vi.stubGlobal('fetch', async () => new Response('Time,Who,What\r\n', { status: 200 }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('exports the rows the person, kind, operation and days chosen show, over the site’s days', async () => {
    const asked = api();
    const { user } = workspace();
    await screen.findAllByTestId('audit-row');

    await chooseFilters(user, { to: '2026-11-21' });
    await user.click(screen.getByRole('button', { name: 'Download xlsx' }));

    await waitFor(() => expect(offerDownload).toHaveBeenCalledOnce());
    expect(asked).toEqual([
      {
        report: 'audit',
        site: 1,
        format: 'xlsx',
        // Hobart is UTC+11 in November: its 20 November starts at 13:00 UTC the day before, and
        // the last day is whole.
        from: '2026-11-19T13:00:00.000Z',
        to: '2026-11-21T13:00:00.000Z',
        actor: 9,
        kind: 'sensor',
        operation: 'PUT /areas/:areaId/alarms/:id',
      },
    ]);
    expect(vi.mocked(offerDownload).mock.calls[0]?.[1]).toBe('audit.csv');
  });

  it('exports the last 1,095 days to now with no days chosen, and the one object the page is narrowed to', async () => {
    const asked = api();
    const { user } = workspace({ object: { kind: 'alarm', target: 55 } });
    await screen.findAllByTestId('audit-row');
    await user.click(screen.getByRole('button', { name: 'Download csv' }));

    await waitFor(() => expect(offerDownload).toHaveBeenCalledOnce());
    expect(asked).toEqual([
      {
        report: 'audit',
        site: 1,
        format: 'csv',
        // 1,095 days, 29 February 2024 among them.
        from: '2023-11-30T02:00:00.000Z',
        to: NOW.toISOString(),
        kind: 'alarm',
        target: 55,
      },
    ]);
  });

  it('shows the button busy while the file is made, and why it was not', async () => {
    let fail: () => void = () => undefined;
    api('The report could not be made', new Promise((resolve) => (fail = resolve)));
    const { user } = workspace();
    await screen.findAllByTestId('audit-row');
    const csv = screen.getByRole('button', { name: 'Download csv' });
    await user.click(csv);
    await waitFor(() => expect(csv.getAttribute('data-loading')).toBe('true'));
    // One export at a time: the other format waits.
    expect(screen.getByRole('button', { name: 'Download xlsx' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.queryByTestId('audit-download-error')).toBeNull();
    fail();

    const error = await screen.findByTestId('audit-download-error');
    expect(error.textContent).toContain('The audit log could not be downloaded');
    expect(error.textContent).toContain('The report could not be made');
    expect(csv.getAttribute('data-loading')).toBeNull();
    expect(offerDownload).not.toHaveBeenCalled();
  });
});
