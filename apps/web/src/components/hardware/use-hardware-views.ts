/**
 * The hardware views' state: the rows (filtered and sorted by the remembered §3 hardwareFilter and
 * hardwareSort), the selected device, the area's status line, and which pane is shown where.
 */
import {
  HARDWARE_SORT,
  type Area,
  type HardwareFilter,
  type HardwareListView,
  type HardwareSortPreference,
  type Radio,
  type Section,
  type Site,
  type Unit,
} from '@paddock/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePreference } from '../../lib/preferences.ts';
import { useNow } from '../../lib/use-now.ts';
import { useSiteTimeZone } from '../../lib/use-site-time-zone.ts';
import {
  filterHardwareItems,
  findHardware,
  hardwareItems,
  hardwareStatus,
  hardwareTally,
  nextSort,
  sameHardware,
  sortHardware,
  type HardwareColumn,
  type HardwareSelection,
} from './hardware-items.ts';
import type { HardwareDetailSection } from './hardware-detail.tsx';
import { loadDetail } from './hardware-pane-body.tsx';
import {
  DEFAULT_HARDWARE_PANES,
  DETAIL_PANE_ID,
  paneOrDefault,
  type HardwarePane,
  type HardwarePaneContext,
} from './hardware-panes.tsx';

export interface HardwareViewsProps {
  readonly site: Site;
  readonly area: Area;
  readonly radios: readonly Radio[];
  readonly units: readonly Unit[];
  /** The area's sections, to name each radio's zone. */
  readonly sections?: readonly Section[];
  readonly selection: HardwareSelection | null;
  readonly onSelectionChange: (selection: HardwareSelection | null) => void;
  /** Where the main pane choice is kept: telemetryPane (Telemetry) or modulePane (other pages). */
  readonly mainPanePreference?: 'telemetryPane' | 'modulePane';
  /** The panes, in order (default: List, Map, Detail, Events, Alarms). */
  readonly panes?: readonly HardwarePane[];
  /** Sections added below the detail (e.g. history charts). */
  readonly detailSections?: readonly HardwareDetailSection[];
  /** A pane the URL names (the detail segment, e.g. /list, /alarms), shown over the stored one. */
  readonly routePane?: HardwareListView;
  /** A filter the URL names (`?filter=`), shown over the stored one. */
  readonly routeFilter?: HardwareFilter;
  /** Told of each filter chosen (after it is stored), e.g. to write it in the URL. */
  readonly onFilterChange?: (filter: HardwareFilter) => void;
  /** §6 control: ping a radio. */
  readonly canPing: boolean;
  /** §6 install: edit reporting intervals. */
  readonly canInstall: boolean;
  /** The site's admin (§6 top role): set radios' devEUIs. */
  readonly canSetDevEui: boolean;
  /** §2 phones (by user agent): one pane at a time, list first, the detail full screen. */
  readonly isPhone: boolean;
  /**
   * The radios are still on the way (no rows are drawn, whatever `units` holds): the page's frame is
   * drawn at once (pane bars, the list's header, the detail's hint) with placeholders where
   * devices go, rather than a blank skeleton until the area's hardware answers.
   */
  readonly loading?: boolean;
}

/** Ages (last update) are renewed every second, as on the Telemetry tab. */
const CLOCK_TICK_MS = 1_000;

export function useHardwareViews(props: HardwareViewsProps) {
  const { site, area, radios, units, sections, selection, onSelectionChange, isPhone } = props;
  const panes = props.panes ?? DEFAULT_HARDWARE_PANES;
  const loading = props.loading ?? false;
  const now = useNow(CLOCK_TICK_MS);
  const [storedFilter, storeFilter] = usePreference('hardwareFilter');
  const filter = props.routeFilter ?? storedFilter;
  const { onFilterChange } = props;
  const setFilter = useCallback(
    (next: HardwareFilter) => {
      storeFilter(next);
      onFilterChange?.(next);
    },
    [storeFilter, onFilterChange],
  );
  const [sort, setSort] = usePreference('hardwareSort');
  const [, setSorting] = usePreference('hardwareSorting');
  const [mainStored, setMainStored] = usePreference(props.mainPanePreference ?? 'telemetryPane');
  const [sideStored, setSideStored] = usePreference('telemetryHardwarePane');

  const timeZone = useSiteTimeZone(site);
  // While loading, no rows at all: the units may be there before the radios.
  const items = useMemo(
    () =>
      loading
        ? []
        : hardwareItems({ radios, units, areaId: area.id, ...(sections ? { sections } : {}) }),
    [loading, radios, units, area.id, sections],
  );
  const tally = useMemo(() => hardwareTally(items), [items]);
  const shown = useMemo(
    () => sortHardware(filterHardwareItems(items, filter), sort),
    [items, filter, sort],
  );
  const selected = findHardware(items, selection);
  const status = hardwareStatus(items, now);

  // Selecting a device brings a pane that shows it (Detail, Chart) forward, without changing
  // the remembered choice; a deep link therefore opens on the device's detail.
  const [sideOverride, setSideOverride] = useState<HardwareListView | null>(null);
  const selectionKey = selection ? `${selection.kind}-${selection.id}` : '';
  const [seenSelection, setSeenSelection] = useState('');
  const storedSide = paneOrDefault(panes, sideStored, 'side');
  if (seenSelection !== selectionKey) {
    setSeenSelection(selectionKey);
    if (selection && !storedSide?.followsSelection) setSideOverride(DETAIL_PANE_ID);
  }
  const side = paneOrDefault(panes, sideOverride ?? sideStored, 'side');
  // A device selected by the URL (a deep link, a reload): its detail's code loads beside the
  // devices rather than after them.
  useEffect(() => {
    if (selectionKey) void loadDetail().catch(() => undefined);
  }, [selectionKey]);
  const main = paneOrDefault(panes, props.routePane ?? mainStored, 'main');
  const chooseSide = (id: HardwareListView) => {
    setSideOverride(null);
    setSideStored(id);
  };

  const onSortClick = useCallback(
    (column: HardwareColumn) => {
      const next: HardwareSortPreference = nextSort(sort, column);
      setSort(next);
      // §9's code of the direction, for the stored hardwareSorting preference.
      setSorting(next.ascending ? HARDWARE_SORT.ascending : HARDWARE_SORT.descending);
    },
    [sort, setSort, setSorting],
  );
  const select = useCallback(
    (next: HardwareSelection | null) => onSelectionChange(next),
    [onSelectionChange],
  );
  // §4 map selection: picking the selected marker again clears it.
  const toggle = useCallback(
    (next: HardwareSelection) => onSelectionChange(sameHardware(selection, next) ? null : next),
    [onSelectionChange, selection],
  );

  const context: HardwarePaneContext = {
    site,
    area,
    timeZone,
    items,
    shown,
    selected,
    select,
    now,
    isPhone,
    loading,
  };

  return {
    panes,
    loading,
    context,
    status,
    list: { tally, filter, onFilterChange: setFilter, sort, onSortClick },
    toggle,
    main,
    mainStored,
    setMainStored,
    side,
    chooseSide,
  };
}
