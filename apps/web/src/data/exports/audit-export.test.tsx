import type { ReportExport } from '@paddock/domain';
import { buildAuditExport } from '@paddock/domain/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { writeAuth } from '../../lib/auth-storage.ts';
import { jsonResponse, scriptedFetch, tokenSet } from '../../testing/render.tsx';
import { auditExportBody, useRequestAuditExport, type AuditExportAsk } from './audit-export.ts';

const RANGE = { from: '2026-11-09T11:00:00.000Z', to: '2026-11-10T11:00:00.000Z' };

const exportOf = (overrides: Partial<ReportExport>): ReportExport =>
  buildAuditExport({ target: 3, site: 3, ...RANGE, audit: { kind: 'section' }, ...overrides });

describe('auditExportBody', () => {
  it('is the site’s audit export with the filters given, and none of those not given', () => {
    const ask: AuditExportAsk = { format: 'xlsx', ...RANGE, actor: 7, kind: '', operation: '' };
    expect(auditExportBody(3, ask)).toEqual({
      report: 'audit',
      site: 3,
      format: 'xlsx',
      ...RANGE,
      actor: 7,
    });
    expect(
      auditExportBody(3, { format: 'csv', ...RANGE, kind: 'section', target: 12, operation: 'PUT /x' }),
    ).toEqual({
      report: 'audit',
      site: 3,
      format: 'csv',
      ...RANGE,
      kind: 'section',
      target: 12,
      operation: 'PUT /x',
    });
  });
});

describe('useRequestAuditExport', () => {
  let queryClient: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );

  beforeEach(() => {
    localStorage.clear();
    writeAuth(tokenSet());
    queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the export, follows it until made, then downloads its file', async () => {
    const api = scriptedFetch(
      jsonResponse(202, exportOf({})),
      jsonResponse(200, exportOf({ status: 'inProgress', progress: 40 })),
      jsonResponse(
        200,
        exportOf({ status: 'done', progress: 100, fileName: 'audit-a-2026-11-09-2026-11-10.csv', size: 9 }),
      ),
    );
    configureApiClient({ baseUrl: '/api', fetch: api.fetch });
    const files = scriptedFetch(new Response('a,b\r\n', { status: 200 }));
    vi.stubGlobal('fetch', files.fetch);

    const { result } = renderHook(() => useRequestAuditExport(3), { wrapper });
    act(() => result.current.mutate({ format: 'csv', ...RANGE, kind: 'section' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5_000 });

    expect(api.calls.map((call) => `${call.init?.method ?? 'GET'} ${call.url}`)).toEqual([
      'POST /api/exports',
      'GET /api/exports/41',
      'GET /api/exports/41',
    ]);
    expect(JSON.parse(String(api.calls[0]?.init?.body))).toEqual({
      report: 'audit',
      site: 3,
      format: 'csv',
      ...RANGE,
      kind: 'section',
    });
    expect(files.calls.map((call) => call.url)).toEqual(['/api/exports/41/file']);
    expect(result.current.data?.fileName).toBe('audit-a-2026-11-09-2026-11-10.csv');
  });

  it('fails with the server’s reason when the export failed, downloading nothing', async () => {
    const api = scriptedFetch(
      jsonResponse(202, exportOf({})),
      jsonResponse(200, exportOf({ status: 'failed', error: 'The report could not be made' })),
    );
    configureApiClient({ baseUrl: '/api', fetch: api.fetch });
    const files = scriptedFetch();
    vi.stubGlobal('fetch', files.fetch);

    const { result } = renderHook(() => useRequestAuditExport(3), { wrapper });
    act(() => result.current.mutate({ format: 'xlsx', ...RANGE }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('The report could not be made');
    expect(files.calls).toEqual([]);
  });
});
