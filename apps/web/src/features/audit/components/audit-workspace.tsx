/**
 * The site's audit page (issue 33 item 3): every change on the record, newest first, filtered by
 * person, object, operation and time and paged, each row in words, with whether the log is as
 * written (its hash chain, item 2). For site admins and support staff; the route refuses others.
 */
import { Alert, Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteAudit } from '../../../data/audit/get-site-audit.ts';
import { useRequestAuditExport } from '../../../data/exports/audit-export.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { SitePageTitle } from '../../../components/ui/site-page-title.tsx';
import {
  auditExportAsk,
  AUDIT_PAGE_SIZE,
  auditPageCount,
  auditQuery,
  NO_AUDIT_FILTERS,
  type AuditFilters,
  type AuditObjectFilter,
} from '../audit-filters.ts';
import { AuditDownloads } from './audit-downloads.tsx';
import { AuditFilterBar, type AuditPersonOption } from './audit-filter-bar.tsx';
import { AuditRows } from './audit-table.tsx';
import { VerifyBadge } from './verify-badge.tsx';

export interface AuditWorkspaceProps {
  readonly siteId: number;
  readonly siteLabel: string;
  readonly timeZone: string;
  /** The site's users, for the person filter. */
  readonly people: readonly AuditPersonOption[];
  /** The one object the page is narrowed to (from its History's link), or null. */
  readonly object: AuditObjectFilter | null;
  readonly onClearObject: () => void;
}

export function AuditWorkspace(props: AuditWorkspaceProps) {
  const { siteId, timeZone, object } = props;
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const filters: AuditFilters = { ...chosen, object };
  const audit = useSiteAudit(siteId, auditQuery(filters, page, timeZone));
  const total = audit.data?.total ?? 0;
  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;
  const download = useRequestAuditExport(siteId);
  const downloadError = download.error;

  return (
    <Stack gap="md" p="md" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <SitePageTitle siteLabel={props.siteLabel} title={t('Audit.Title')}>
          <Text size="sm" c="dimmed">
            {t('Audit.Subtitle')}
          </Text>
        </SitePageTitle>
        <Group gap="sm" align="center" wrap="wrap">
          <VerifyBadge siteId={siteId} />
          <AuditDownloads
            busy={download.isPending ? (download.variables?.format ?? null) : null}
            onDownload={(format) =>
              download.mutate(auditExportAsk(filters, format, timeZone, new Date()))
            }
          />
        </Group>
      </Group>

      <AuditFilterBar
        filters={filters}
        people={props.people}
        onChange={(next) => {
          setChosen(next);
          setPage(1);
        }}
        onClearObject={() => {
          setPage(1);
          props.onClearObject();
        }}
      />

      {downloadError && (
        <Alert
          color="fault"
          title={t('Audit.Download.Failed')}
          role="alert"
          withCloseButton
          onClose={() => download.reset()}
          data-testid="audit-download-error"
        >
          {/* The server's reasons are message keys (§8); the worker's are its own words. */}
          {isApiError(downloadError) ? t(downloadError.message) : downloadError.message}
        </Alert>
      )}

      {audit.isError ? (
        <Alert color="fault" title={t('Audit.LoadFailed')} role="alert" />
      ) : audit.data === undefined ? (
        <Text c="dimmed">{t('Common.Loading')}</Text>
      ) : audit.data.rows.length === 0 ? (
        <Card withBorder padding="lg">
          <Text>{t('Audit.Empty')}</Text>
        </Card>
      ) : (
        <AuditRows rows={audit.data.rows} timeZone={timeZone} />
      )}

      {total > 0 && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" data-testid="audit-shown">
            {t('Audit.Shown', {
              first,
              last: Math.min(first + AUDIT_PAGE_SIZE - 1, total),
              total,
            })}
          </Text>
          {auditPageCount(total) > 1 && (
            <Pagination
              total={auditPageCount(total)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label': t(`Audit.Page.${control}`),
              })}
              getItemProps={(item) => ({ 'aria-label': t('Audit.Page.number', { page: item }) })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
