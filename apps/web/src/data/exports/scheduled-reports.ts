/**
 * A site's scheduled reports (issue 17): a contact of the site receives a report by email each
 * week or month. Listed for anyone who may view the site; made and stopped by its managers.
 */
import {
  exportEndpoints,
  type ScheduledReport,
  type ScheduledReportCreateBody,
} from '@paddock/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { exportKeys } from './keys.ts';

function getScheduledReports(siteId: number): Promise<ScheduledReport[]> {
  return callEndpoint(exportEndpoints.listScheduledReports, { params: { id: siteId } });
}

function getScheduledReportsQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: exportKeys.scheduled(siteId),
    queryFn: () => getScheduledReports(siteId),
  });
}

export function useScheduledReports(siteId: number) {
  return useQuery(getScheduledReportsQueryOptions(siteId));
}

export function useCreateScheduledReport(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduledReportCreateBody) =>
      callEndpoint(exportEndpoints.createScheduledReport, { params: { id: siteId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportKeys.scheduled(siteId) }),
  });
}

export function useDeleteScheduledReport(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) =>
      callEndpoint(exportEndpoints.deleteScheduledReport, {
        params: { id: siteId, reportId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportKeys.scheduled(siteId) }),
  });
}
