/**
 * Asking for a report (issue 17): its type (and a frost report's kind), its scope (the whole site
 * or one area, and some of its zones, meters and tanks; a generic report picks series), the days
 * (read in the site's timezone) and the format. Each field shows its own message; the search is
 * remembered as `lastReportSearch` when it is asked for.
 */
import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import type { Area, ExportCreateBody, ReportType } from '@paddock/domain';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  exportBodyOf,
  hasErrors,
  validateReportSearch,
  type FieldProblem,
  type ReportField,
  type ReportSearch,
} from '../report-search.ts';
import {
  areasFor,
  ReportDaysFields,
  ReportScopeFields,
  useReportScopeOptions,
} from './report-request-fields.tsx';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';

export interface ReportRequestFormProps {
  siteId: number;
  areas: readonly Area[];
  timeZone: string;
  /** Where the form starts: the remembered search, or the default. */
  initial: ReportSearch;
  /** Asks for the report; the search is the one to remember. */
  onSubmit: (body: ExportCreateBody, search: ReportSearch) => void;
  submitting: boolean;
  /** Why the last ask failed, for the user; null when it did not. */
  submitError: string | null;
  /** The current search, for the scheduled reports below (they keep its choice without days). */
  onChange?: (search: ReportSearch) => void;
}

export function ReportRequestForm({
  siteId,
  areas,
  timeZone,
  initial,
  onSubmit,
  submitting,
  submitError,
  onChange,
}: ReportRequestFormProps) {
  const { t } = useTranslation();
  const [search, setSearchState] = useState<ReportSearch>(initial);
  // Messages show once the user has tried to ask, then follow every change.
  const [tried, setTried] = useState(false);
  const setSearch = (next: ReportSearch) => {
    setSearchState(next);
    onChange?.(next);
  };
  const errors = validateReportSearch(search);
  const message = (field: ReportField) => {
    const problem: FieldProblem | undefined = tried ? errors[field] : undefined;
    return problem ? t(problem.key, problem.values ?? {}) : undefined;
  };

  const options = useReportScopeOptions(search, areas);

  const pickType = (report: ReportType) => {
    const stillOffered = areasFor(report, areas).some((entry) => entry.id === search.area);
    setSearch({
      ...search,
      report,
      // A frost report is of one frost area: the first, when the site has one.
      area: stillOffered
        ? search.area
        : report === 'frostReport'
          ? (areasFor(report, areas)[0]?.id ?? null)
          : null,
      things: [],
      series: report === 'generic' ? search.series : [],
    });
  };

  const submit = () => {
    setTried(true);
    if (hasErrors(errors)) return;
    onSubmit(exportBodyOf(search, siteId, timeZone), search);
  };

  return (
    <Card withBorder component="section" aria-labelledby="report-request-title">
      <StackedForm onSubmit={submit}>
        <Title order={3} id="report-request-title">
          {t('Reports.RequestTitle')}
        </Title>
        <ReportScopeFields
          search={search}
          setSearch={setSearch}
          message={message}
          options={options}
          onPickType={pickType}
        />
        <ReportDaysFields search={search} setSearch={setSearch} message={message} />
        <Text size="xs" c="dimmed">
          {t('Reports.TimeZoneNote', { timeZone })}
        </Text>
        {submitError && (
          <Alert color="red" role="alert">
            {submitError}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={submitting}
            leftSection={<IconFileDownload size={16} aria-hidden />}
          >
            {t('Reports.Request')}
          </Button>
        </Group>
      </StackedForm>
    </Card>
  );
}
