/**
 * The Reports place of a site (issue 17; docs/reports.md): ask for a report, follow the user's
 * exports to the finished file, and (for the site's managers) send a report on a schedule.
 */
import { Stack } from '@mantine/core';
import type { ExportCreateBody, Site } from '@paddock/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateExport } from '../../../data/exports/create-export.ts';
import { useUserSites } from '../../../data/sites/get-sites.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { usePreference } from '../../../lib/preferences.ts';
import {
  defaultReportSearch,
  restoreReportSearch,
  storeReportSearch,
  validateReportSearch,
  type ReportSearch,
} from '../report-search.ts';
import { ExportList } from './export-list.tsx';
import { ReportRequestForm } from './report-request-form.tsx';
import { ScheduledReports } from './scheduled-reports.tsx';
import { SitePageTitle } from '../../../components/ui/site-page-title.tsx';

export interface ReportsViewProps {
  site: Site;
  timeZone: string;
  /** Manage on the site (edit): scheduled reports are added and stopped. */
  canManage: boolean;
  /** The page's clock, for the default days. */
  now: Date;
}

export function ReportsView({ site, timeZone, canManage, now }: ReportsViewProps) {
  const { t } = useTranslation();
  const [remembered, remember] = usePreference('lastReportSearch');
  // Read once: the form owns the search from then on.
  const [initial] = useState<ReportSearch>(
    () => restoreReportSearch(remembered, site.id) ?? defaultReportSearch(now, timeZone),
  );
  const [current, setCurrent] = useState<ReportSearch>(initial);
  const create = useCreateExport();
  const sites = useUserSites();
  const areas = useMemo(() => site.areas ?? [], [site.areas]);
  const areaLabels = useMemo(
    () => new Map(areas.map((area) => [area.id, area.label] as const)),
    [areas],
  );
  const siteLabels = useMemo(
    () => new Map((sites.data ?? []).map((entry) => [entry.id, entry.label] as const)),
    [sites.data],
  );

  const ask = (body: ExportCreateBody) => create.mutate(body);
  const submitError = !create.isError
    ? null
    : isApiError(create.error) && create.error.status === 0
      ? t('Reports.Offline')
      : isApiError(create.error) && create.error.status === 403
        ? t('Reports.NotAllowed')
        : isApiError(create.error) && create.error.status === 400
          ? t('Reports.Refused', { reason: create.error.message })
          : t('Reports.RequestFailed');
  const scopeErrors = validateReportSearch(current);

  return (
    <Stack gap="md" p="md" maw={1200} mx="auto" w="100%">
      <SitePageTitle siteLabel={site.label} title={t('Reports.Title')} />
      <ReportRequestForm
        siteId={site.id}
        areas={areas}
        timeZone={timeZone}
        initial={initial}
        onChange={setCurrent}
        onSubmit={(body, search) => {
          remember(storeReportSearch(search, site.id));
          ask(body);
        }}
        submitting={create.isPending}
        submitError={submitError}
      />
      <ExportList
        reading={{ siteId: site.id, timeZone, areaLabels, siteLabels }}
        onRerun={ask}
        rerunning={create.isPending}
      />
      <ScheduledReports
        siteId={site.id}
        search={current}
        choiceValid={!scopeErrors.area && !scopeErrors.series && !scopeErrors.things}
        canManage={canManage}
        areaLabels={areaLabels}
      />
    </Stack>
  );
}
