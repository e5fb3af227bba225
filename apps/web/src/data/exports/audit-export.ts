/**
 * The audit log as a file (issue 33), for the audit page's "Download csv / xlsx": asks POST exports
 * for the site's audit export over the page's range with its filters, follows the request until
 * the worker has made the file, then offers the file as a download. Only the site's admins and
 * support staff may ask (the server answers 403 to others); the export also shows on the Reports
 * page's list, where it can be downloaded again while it is kept.
 */
import { exportEndpoints, type ExportCreateBody, type ReportExport } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { downloadExport } from './download-export.ts';
import { exportKeys } from './keys.ts';

/** What the audit page asks for: its range (ISO instants, `to` not included) and filters. */
export interface AuditExportAsk {
  readonly format: 'csv' | 'xlsx';
  readonly from: string;
  readonly to: string;
  /** Rows by this user (as actor or acted as). */
  readonly actor?: number;
  /** Rows about objects of this kind ('section', 'alarm'…). */
  readonly kind?: string;
  /** Rows about the object with this id. */
  readonly target?: number;
  /** Rows of this operation, as rows name it: 'PUT /sections/:id/flow'. */
  readonly operation?: string;
}

/** How often the request is read while the worker makes the file. */
const POLL_MS = 1_500;
/** A log too long to wait for here is left to the Reports page's list. */
const WAIT_MS = 10 * 60_000;

/** The POST exports body of the ask: filters not given are left out, as the list leaves them. */
export function auditExportBody(siteId: number, ask: AuditExportAsk): ExportCreateBody {
  const { format, from, to, actor, kind, target, operation } = ask;
  return {
    report: 'audit',
    site: siteId,
    format,
    from,
    to,
    ...(actor !== undefined ? { actor } : {}),
    ...(kind ? { kind } : {}),
    ...(target !== undefined ? { target } : {}),
    ...(operation ? { operation } : {}),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request once the worker is done with it; throws when it failed or takes too long. */
async function made(id: number): Promise<ReportExport & { fileName: string }> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const current = await callEndpoint(exportEndpoints.getExport, { params: { id } });
    if (current.status === 'done' && current.fileName !== null) {
      return { ...current, fileName: current.fileName };
    }
    if (current.status === 'failed' || current.status === 'done') {
      throw new Error(current.error ?? 'The audit export could not be made');
    }
    if (Date.now() > until) {
      throw new Error('The audit export is still being made: download it from the Reports page');
    }
    await sleep(POLL_MS);
  }
}

/**
 * Asks for the site's audit export, waits for it and downloads it: `mutate({ format, from, to,
 * ...filters })`. `isPending` is true while it is made; the error says why it was not.
 */
export function useRequestAuditExport(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ask: AuditExportAsk) => {
      const created = await callEndpoint(exportEndpoints.createExport, {
        body: auditExportBody(siteId, ask),
      });
      void client.invalidateQueries({ queryKey: exportKeys.all });
      const file = await made(created.id);
      await downloadExport(file.id, file.fileName);
      return file;
    },
    onSettled: () => client.invalidateQueries({ queryKey: exportKeys.all }),
  });
}
