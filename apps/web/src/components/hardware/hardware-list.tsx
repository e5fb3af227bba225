/**
 * The hardware list (§2 hardware list view "List"): one row per radio and unit with type, serial
 * number, zone, battery (V), signal bars (§9 scale), misses, online, last update (§9 display
 * rule) and overdue; the §4 state in the §9 colours; the filter (all, warning, fault) and the
 * sort (column and direction), both remembered (§3 hardwareFilter, hardwareSort/hardwareSorting).
 * Rows are memoised: a poll that changes one radio re-renders one row. A long list draws only the
 * rows in view (see useRowWindow).
 */
import { Group, SegmentedControl, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import {
  HARDWARE_FILTER,
  isLowBattery,
  lastUpdateDisplay,
  type HardwareFilter,
  type HardwareSortPreference,
} from '@paddock/domain';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import {
  memo,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatLastUpdate } from '../../lib/format-last-update.ts';
import {
  HARDWARE_COLUMNS,
  isDanger,
  stateColour,
  type HardwareColumn,
  type HardwareItem,
  type HardwareSelection,
  type HardwareTally,
} from './hardware-items.ts';
import { SignalBars } from './signal-bars.tsx';
import classes from './hardware-views.module.css';

export interface HardwareListProps {
  /** The rows to show, already filtered and sorted. */
  readonly items: readonly HardwareItem[];
  readonly tally: HardwareTally;
  readonly filter: HardwareFilter;
  readonly onFilterChange: (filter: HardwareFilter) => void;
  readonly sort: HardwareSortPreference;
  readonly onSortClick: (column: HardwareColumn) => void;
  readonly selection: HardwareSelection | null;
  readonly onSelect: (selection: HardwareSelection) => void;
  readonly now: Date;
  /** Phones show fewer columns (state, serial, battery, signal, last update). */
  readonly compact?: boolean;
  /**
   * The devices are still on the way: the list's frame (its header and placeholder rows) is
   * drawn, without counts or rows that would say the area has none.
   */
  readonly loading?: boolean;
}

const COMPACT_COLUMNS: readonly HardwareColumn[] = [
  'state',
  'serialno',
  'battery',
  'signal',
  'updated',
];

function HardwareFilterControl({
  filter,
  onFilterChange,
  tally,
}: Pick<HardwareListProps, 'filter' | 'onFilterChange' | 'tally'>) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('Hardware.Filter.Label')}
      value={String(filter)}
      onChange={(value) => onFilterChange(Number(value) as HardwareFilter)}
      data={[
        {
          value: String(HARDWARE_FILTER.all),
          label: t('Hardware.Filter.All', { count: tally.all }),
        },
        {
          value: String(HARDWARE_FILTER.warning),
          label: t('Hardware.Filter.Warning', { count: tally.warningFilter }),
        },
        {
          value: String(HARDWARE_FILTER.fault),
          label: t('Hardware.Filter.Fault', { count: tally.faultFilter }),
        },
      ]}
    />
  );
}

/** Every row is this tall (.row in the CSS module), so a window of rows is a range of indices. */
const ROW_HEIGHT_PX = 33;
/** Rows drawn beyond the visible ones on each side, so a scroll shows drawn rows at once. */
const OVERSCAN_ROWS = 12;
/** From this many rows the list draws only those in view; below it every row is drawn. */
const WINDOWED_FROM_ROWS = 120;
/** Placeholder rows while the devices load. */
const LOADING_ROWS = 8;

/**
 * The rows of a long list that are in view of its scrolling box, plus the overscan. An area of
 * 200 radios and 200 units mounts 4,000 cells otherwise, and a filter or sort change must paint
 * within 100 ms (issue 12). Phones scroll the page, not the box, so they draw every row.
 */
function useRowWindow(
  box: RefObject<HTMLDivElement | null>,
  count: number,
  enabled: boolean,
): { start: number; end: number } {
  const [range, setRange] = useState({ start: 0, end: Math.min(count, 2 * OVERSCAN_ROWS) });
  useLayoutEffect(() => {
    const element = box.current;
    if (!enabled || !element) return;
    const update = () => {
      const first = Math.floor(element.scrollTop / ROW_HEIGHT_PX);
      const shown = Math.ceil(element.clientHeight / ROW_HEIGHT_PX);
      const start = Math.max(0, first - OVERSCAN_ROWS);
      const end = Math.min(count, first + shown + OVERSCAN_ROWS);
      setRange((last) => (last.start === start && last.end === end ? last : { start, end }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resizes = new ResizeObserver(update);
    resizes.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resizes.disconnect();
    };
  }, [box, count, enabled]);
  return enabled ? range : { start: 0, end: count };
}

export function HardwareList(props: HardwareListProps) {
  const { t, i18n } = useTranslation();
  const { items, sort, onSortClick, selection, onSelect, now, compact = false } = props;
  const loading = props.loading ?? false;
  const columns = compact ? COMPACT_COLUMNS : HARDWARE_COLUMNS;
  const box = useRef<HTMLDivElement>(null);
  const windowed = !compact && items.length >= WINDOWED_FROM_ROWS;
  const { start, end } = useRowWindow(box, items.length, windowed);

  // A device selected elsewhere (the map, a deep link) is scrolled into the drawn rows.
  const selectedIndex = selection
    ? items.findIndex((item) => item.kind === selection.kind && item.id === selection.id)
    : -1;
  const selectionKey = selection ? `${selection.kind}-${selection.id}` : '';
  useLayoutEffect(() => {
    const element = box.current;
    if (!windowed || !element || selectedIndex < 0) return;
    const top = selectedIndex * ROW_HEIGHT_PX;
    if (top < element.scrollTop || top + ROW_HEIGHT_PX > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, top - element.clientHeight / 2);
    }
    // Only when the selection changes, not on every poll that moves the row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectionKey, windowed]);

  const spacer = (rows: number) =>
    rows > 0 ? (
      <tr aria-hidden style={{ height: rows * ROW_HEIGHT_PX }}>
        <td colSpan={columns.length + (compact ? 0 : 1)} />
      </tr>
    ) : null;

  return (
    <div className={classes.list}>
      <Group gap="xs" p="xs" justify="space-between" wrap="wrap">
        {loading ? (
          // The filter's size, so the list does not move when its counts arrive.
          <Skeleton h={30} w={260} />
        ) : (
          <>
            <HardwareFilterControl {...props} />
            <Text size="xs" c="dimmed" data-testid="hardware-counts">
              {t('Hardware.Counts', {
                faults: props.tally.faults,
                warnings: props.tally.warnings,
                overdue: props.tally.overdue,
              })}
            </Text>
          </>
        )}
      </Group>
      <div className={classes.tableScroll} ref={box}>
        <Table
          stickyHeader
          highlightOnHover
          verticalSpacing={4}
          horizontalSpacing="xs"
          fz="sm"
          // As wide as its columns need (the pane scrolls), never squeezed to the pane's width;
          // a phone's five columns share its width instead.
          style={compact ? undefined : { width: 'max-content', minWidth: '100%' }}
          aria-label={t('Hardware.List.Label')}
          {...(loading
            ? { 'aria-busy': true }
            : { 'aria-rowcount': items.length + 1, 'data-row-count': items.length })}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <SortHeader key={column} column={column} sort={sort} onSortClick={onSortClick} />
              ))}
              {!compact && <Table.Th>{t('Hardware.Column.overdue')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading &&
              Array.from({ length: LOADING_ROWS }, (_, row) => (
                <tr key={row} className={classes.row} aria-hidden>
                  <td colSpan={columns.length + (compact ? 0 : 1)}>
                    <Skeleton h={14} />
                  </td>
                </tr>
              ))}
            {spacer(start)}
            {items.slice(start, end).map((item, offset) => (
              <HardwareRow
                key={`${item.kind}-${item.id}`}
                index={start + offset}
                item={item}
                columns={columns}
                compact={compact}
                selected={selection?.kind === item.kind && selection.id === item.id}
                onSelect={onSelect}
                // The age is worded here so a row re-renders only when its wording changes.
                updated={formatLastUpdate(lastUpdateDisplay(item.lastUpdate, now), i18n.language, {
                  style: 'short',
                })}
              />
            ))}
            {spacer(items.length - end)}
          </Table.Tbody>
        </Table>
        {items.length === 0 && !loading && (
          <Text size="sm" c="dimmed" p="md" ta="center">
            {t('Hardware.List.Empty')}
          </Text>
        )}
      </div>
    </div>
  );
}

function SortHeader({
  column,
  sort,
  onSortClick,
}: {
  column: HardwareColumn;
  sort: HardwareSortPreference;
  onSortClick: (column: HardwareColumn) => void;
}) {
  const { t } = useTranslation();
  const active = sort.column === column;
  const Icon = active ? (sort.ascending ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th
      aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSortClick(column)} fz="sm" fw={600}>
        <Group gap={2} wrap="nowrap">
          {t(`Hardware.Column.${column}`)}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface HardwareRowProps {
  /** The row's place in the whole list (aria-rowindex counts the header as 1). */
  readonly index: number;
  readonly item: HardwareItem;
  readonly columns: readonly HardwareColumn[];
  readonly compact: boolean;
  readonly selected: boolean;
  readonly onSelect: (selection: HardwareSelection) => void;
  readonly updated: string;
}

/*
 * Rows and cells are plain elements styled by the module's classes rather than Mantine
 * components: an area of 200 radios and 200 units draws 4,000 cells, and a filter or sort change
 * must paint within 100 ms (issue 12).
 */
const HardwareRow = memo(function HardwareRow({
  index,
  item,
  columns,
  compact,
  selected,
  onSelect,
  updated,
}: HardwareRowProps) {
  const { t } = useTranslation();
  const select = () => onSelect({ kind: item.kind, id: item.id });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select();
    }
  };
  return (
    <tr
      className={classes.row}
      aria-rowindex={index + 2}
      data-kind={item.kind}
      data-id={item.id}
      data-state={item.state}
      data-overdue={item.overdue}
      data-danger={isDanger(item)}
      aria-selected={selected}
      tabIndex={0}
      onClick={select}
      onKeyDown={onKeyDown}
    >
      {columns.map((column) => (
        <td key={column}>{cell(item, column, updated, compact, t)}</td>
      ))}
      {!compact && (
        <td>
          {item.overdue ? (
            <span className={`${classes.badge} ${classes.badgeFault}`}>
              {t('Hardware.Overdue')}
            </span>
          ) : (
            <span className={classes.dimmed}>{t('Hardware.OnTime')}</span>
          )}
        </td>
      )}
    </tr>
  );
});

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The state as a dot in its §9 colour and its name (danger when overdue or faulted, §4). */
export function StateMark({ item, compact = false }: { item: HardwareItem; compact?: boolean }) {
  const { t } = useTranslation();
  return stateMark(item, compact, t);
}

function stateMark(item: HardwareItem, compact: boolean, t: Translate) {
  const colour = stateColour(item.state);
  const name = t(`Hardware.State.${item.state}`);
  const dot = (
    <span
      aria-hidden={!compact}
      {...(compact ? { role: 'img', 'aria-label': name } : {})}
      className={classes.dot}
      style={{ background: colour ?? 'transparent', borderColor: colour ?? undefined }}
    />
  );
  if (compact) return dot;
  return (
    <span className={classes.stateMark}>
      {dot}
      <span className={isDanger(item) ? classes.danger : undefined}>{name}</span>
    </span>
  );
}

function cell(
  item: HardwareItem,
  column: HardwareColumn,
  updated: string,
  compact: boolean,
  t: Translate,
): ReactNode {
  switch (column) {
    case 'state':
      return stateMark(item, compact, t);
    case 'type':
      return t(`Hardware.Type.${item.type}`);
    case 'serialno':
      return (
        <>
          <span className={classes.serial}>{item.serialno}</span>
          {compact ? null : item.coordinator ? (
            <span className={`${classes.badge} ${classes.badgeRole}`}>
              {t('Hardware.Coordinator')}
            </span>
          ) : item.repeater ? (
            <span className={`${classes.badge} ${classes.badgeRole}`}>
              {t('Hardware.RepeaterOf', { count: item.children.length })}
            </span>
          ) : null}
        </>
      );
    case 'zone':
      return item.zone ?? '--';
    case 'battery': {
      const text =
        item.batteryValue === null
          ? '--'
          : t('Hardware.Volts', { value: item.batteryValue.toFixed(2) });
      return isLowBattery(item.batteryValue) ? (
        <span className={`${classes.badge} ${classes.badgeWarning}`} data-low-battery>
          {text}
        </span>
      ) : (
        text
      );
    }
    case 'signal':
      return item.kind === 'unit' ? (
        '--'
      ) : (
        <SignalBars signalValue={item.signalValue} repeater={item.repeater} />
      );
    case 'misses':
      return item.missesValue ?? '--';
    case 'online':
      return item.online === null
        ? '--'
        : item.online
          ? t('Hardware.Online')
          : t('Hardware.Offline');
    case 'updated':
      return <span className={item.overdue ? classes.danger : undefined}>{updated}</span>;
  }
}
