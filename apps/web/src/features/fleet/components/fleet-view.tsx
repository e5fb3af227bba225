/**
 * The fleet view (issue 33 item 4): one table, across the user's sites, of what needs a person
 * now — raised alarms, overdue and faulted radios, low batteries, failed programs, frost fans in
 * fault — sortable by severity, age, site and what, each row linking to its page. The server
 * sends it most severe and oldest first (the domain's order); a column header re-sorts it here,
 * by the domain's column orders, a second click reversing it.
 *
 * The page asks for the list's first rows and more on request (data/fleet/get-fleet.ts); the
 * columns re-sort the rows it holds, the most urgent of the whole list.
 */
import {
  Anchor,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  attentionColumnOrder,
  ATTENTION_SORT_COLUMNS,
  type AttentionSortColumn,
  type Fleet,
  type FleetItem,
} from '@paddock/domain';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SeverityBadge } from '../../../components/ui/alarm-badges.tsx';

type Sort = { column: AttentionSortColumn; descending: boolean };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How long ago, in the largest whole unit (days, hours, minutes), worded by `format`. */
function formatAge(since: string, now: Date, format: Intl.RelativeTimeFormat): string {
  const ms = Math.max(0, now.getTime() - Date.parse(since));
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    ms >= DAY_MS
      ? [Math.floor(ms / DAY_MS), 'day']
      : ms >= HOUR_MS
        ? [Math.floor(ms / HOUR_MS), 'hour']
        : [Math.floor(ms / MINUTE_MS), 'minute'];
  return format.format(-value, unit);
}

interface FleetViewProps {
  readonly fleet: Fleet;
  readonly now: Date;
  /** Rows each "Show more" adds, up to `maxRows`, the most one call gives. */
  readonly pageRows: number;
  readonly maxRows: number;
  readonly onShowMore: () => void;
  /** More rows are on their way: the button waits. */
  readonly loadingMore: boolean;
}

export function FleetView({
  fleet,
  now,
  pageRows,
  maxRows,
  onShowMore,
  loadingMore,
}: FleetViewProps) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<Sort>({ column: 'severity', descending: false });
  const items = useMemo(() => {
    const order = attentionColumnOrder(sort.column);
    return [...fleet.items].sort((a, b) => (sort.descending ? order(b, a) : order(a, b)));
  }, [fleet.items, sort]);
  const ageFormat = useMemo(
    () => new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto', style: 'short' }),
    [i18n.language],
  );
  const more = Math.min(pageRows, Math.min(fleet.total, maxRows) - fleet.items.length);

  const header = (column: AttentionSortColumn) => {
    const active = sort.column === column;
    const Icon = !active ? IconSelector : sort.descending ? IconChevronUp : IconChevronDown;
    return (
      <Table.Th
        key={column}
        aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
      >
        <UnstyledButton
          onClick={() => setSort({ column, descending: active && !sort.descending })}
          aria-label={t('Fleet.SortBy', { column: t(`Fleet.Column.${column}`) })}
        >
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={600}>
              {t(`Fleet.Column.${column}`)}
            </Text>
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {t('Fleet.Title')}
          </Title>
          <Text size="sm">{t('Fleet.Count', { count: fleet.total })}</Text>
        </Stack>
        {fleet.total > fleet.items.length && (
          <Text size="sm" c="dimmed">
            {t('Fleet.Shown', { shown: fleet.items.length, total: fleet.total })}
          </Text>
        )}
      </Group>

      {items.length === 0 ? (
        <Card withBorder padding="lg">
          <Text>{t('Fleet.Empty')}</Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>{ATTENTION_SORT_COLUMNS.map(header)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Row
                  key={`${item.kind}-${item.target.id}`}
                  item={item}
                  age={formatAge(item.since, now, ageFormat)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {more > 0 && (
        <Group justify="center">
          <Button variant="default" onClick={onShowMore} loading={loadingMore}>
            {t('Fleet.ShowMore', { count: more })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Row({ item, age }: { item: FleetItem; age: string }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="fleet-row">
      <Table.Td>
        <SeverityBadge severity={item.severity} size="sm" />
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={item.since}>
          {age}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.site.label}</Text>
        <Text size="xs" c="dimmed">
          {item.area.label}
        </Text>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={item.route} size="sm" fw={600}>
          {t(`Fleet.Kind.${item.kind}`)}: {item.target.label}
        </Anchor>
        {item.text !== '' && (
          <Text size="xs" c="dimmed">
            {item.text}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
