/**
 * POST exports: asks the server for a report file; the worker makes it. Answers the export
 * request (new); mutations invalidate the user's export list so it shows at once.
 */
import { exportEndpoints, type ExportCreateBody, type ReportExport } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { exportKeys } from './keys.ts';

function postExport(body: ExportCreateBody): Promise<ReportExport> {
  return callEndpoint(exportEndpoints.createExport, { body });
}

export function useCreateExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postExport,
    onSuccess: () => client.invalidateQueries({ queryKey: exportKeys.all }),
  });
}
