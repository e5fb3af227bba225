/**
 * The hardware views, built once (issue 12; §2 hardware list views): a list with sort and filter,
 * a map with the §9 marker scales, a detail pane, the area's events and alarms, and whatever
 * panes a page adds (the Chart). Telemetry uses them now; add-ons, weather and frost compose the
 * same component with their own panes and preference.
 *
 *   <HardwareViews site={site} area={area} radios={radios} units={units} sections={sections}
 *     selection={selection} onSelectionChange={select} canPing canInstall isPhone={isPhone}
 *     panes={[...DEFAULT_HARDWARE_PANES, CHART_PANE]} />
 *
 * The selection is the page's (it comes from the URL: `?radio={id}`, `?unit={id}`, the detail
 * segments), so a deep link opens with the device selected. Filter and sort are remembered
 * (§3 hardwareFilter, hardwareSort with hardwareSorting), and so is each pane choice
 * (`mainPanePreference`: telemetryPane or modulePane; the side pane: telemetryHardwarePane).
 */
import { Group, Skeleton, Tabs, Text } from '@mantine/core';
import {
  HARDWARE_SORT,
  type Area,
  type HardwareListView,
  type HardwareSortPreference,
  type Radio,
  type Section,
  type Site,
  type Unit,
} from '@paddock/domain';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLastUpdate } from '../../lib/format-last-update.ts';
import { usePreference } from '../../lib/preferences.ts';
import { useNow } from '../../lib/use-now.ts';
import type { HardwareDetailSection } from './hardware-detail.tsx';
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
import { HardwareList } from './hardware-list.tsx';
import { HardwareMap } from './hardware-map.tsx';
import {
  DEFAULT_HARDWARE_PANES,
  DETAIL_PANE_ID,
  LIST_PANE_ID,
  MAP_PANE_ID,
  paneOrDefault,
  type HardwarePane,
  type HardwarePaneContext,
} from './hardware-panes.tsx';
import classes from './hardware-views.module.css';
import { useSiteTimeZone } from '../../lib/use-site-time-zone.ts';
import { PhoneDetail } from './phone-detail.tsx';

// The detail loads when a device is first selected (ping, reporting interval, its sections): a
// page opens on its list with the detail's hint, and those chunks would hold back its first paint.
const loadDetail = () => import('./hardware-detail.tsx');
const HardwareDetail = lazy(() => loadDetail().then((m) => ({ default: m.HardwareDetail })));

/** Ages (last update) are renewed every second, as on the Telemetry tab. */
const CLOCK_TICK_MS = 1_000;

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
  /** §6 control: ping a radio. */
  readonly canPing: boolean;
  /** §6 install: edit reporting intervals. */
  readonly canInstall: boolean;
  /** §2 phones (by user agent): one pane at a time, list first, the detail full screen. */
  readonly isPhone: boolean;
  /**
   * The radios are still on the way (no rows are drawn, whatever `units` holds): the page's frame is
   * drawn at once (pane bars, the list's header, the detail's hint) with placeholders where
   * devices go, rather than a blank skeleton until the area's hardware answers.
   */
  readonly loading?: boolean;
}

export function HardwareViews(props: HardwareViewsProps) {
  const { site, area, radios, units, sections, selection, onSelectionChange, isPhone } = props;
  const panes = props.panes ?? DEFAULT_HARDWARE_PANES;
  const loading = props.loading ?? false;
  const { t, i18n } = useTranslation();
  const now = useNow(CLOCK_TICK_MS);
  const [filter, setFilter] = usePreference('hardwareFilter');
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

  const renderPane = (pane: HardwarePane | undefined) => {
    if (!pane) return null;
    if (pane.ownDrawing) return pane.render(context);
    switch (pane.id) {
      case LIST_PANE_ID:
        return (
          <HardwareList
            items={shown}
            tally={tally}
            filter={filter}
            onFilterChange={setFilter}
            sort={sort}
            onSortClick={onSortClick}
            selection={selection}
            onSelect={select}
            now={now}
            compact={isPhone}
            loading={loading}
          />
        );
      case MAP_PANE_ID:
        return (
          <div className={classes.mapPane}>
            {loading ? (
              // The map fits the devices' positions when it is made: it waits for them.
              <Skeleton h="100%" radius={0} />
            ) : (
              <HardwareMap area={area} items={shown} selection={selection} onSelect={toggle} />
            )}
          </div>
        );
      case DETAIL_PANE_ID:
        return selected ? (
          <Suspense fallback={<Skeleton h={160} />}>
            <HardwareDetail
              item={selected}
              items={items}
              siteId={site.id}
              areaId={area.id}
              timeZone={timeZone}
              now={now}
              onSelect={select}
              canPing={props.canPing}
              canInstall={props.canInstall}
              {...(props.detailSections ? { sections: props.detailSections } : {})}
            />
          </Suspense>
        ) : loading && selection ? (
          // A device is selected (a deep link): its detail comes with the devices.
          <Skeleton h={160} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('Hardware.Detail.Nothing')}
          </Text>
        );
      default:
        return pane.render(context);
    }
  };

  const statusLine = loading ? undefined : (
    <Text size="xs" c="dimmed" data-testid="hardware-status" data-faults={status.faults}>
      {t('Hardware.Status', {
        when: formatLastUpdate(status.lastUpdate, i18n.language),
        count: status.faults,
      })}
    </Text>
  );

  if (isPhone) {
    // One bar: the list first, the map on demand, then the other panes; the detail full screen.
    const phonePanes = panes.filter((pane) => pane.id !== DETAIL_PANE_ID);
    const current = paneOrDefault(phonePanes, props.routePane ?? mainStored, 'any');
    return (
      <div className={classes.page}>
        <div className={classes.main}>
          <PaneTabs
            panes={phonePanes}
            value={current?.id}
            onChange={(id) => setMainStored(id)}
            label={t('Hardware.Panes')}
            extra={statusLine}
          />
          <div className={classes.paneBody}>
            {current?.placement === 'side' ? (
              <div className={classes.sideBody}>{renderPane(current)}</div>
            ) : (
              renderPane(current)
            )}
          </div>
        </div>
        <PhoneDetail opened={selected !== null} onClose={() => select(null)}>
          {renderPane(panes.find((pane) => pane.id === DETAIL_PANE_ID))}
        </PhoneDetail>
      </div>
    );
  }

  return (
    <div className={classes.page}>
      <div className={classes.main}>
        <PaneTabs
          panes={panes.filter((pane) => pane.placement === 'main')}
          value={main?.id}
          onChange={(id) => setMainStored(id)}
          label={t('Hardware.MainPanes')}
          extra={statusLine}
        />
        <div className={classes.paneBody}>{renderPane(main)}</div>
      </div>
      <aside className={classes.side}>
        <PaneTabs
          panes={panes.filter((pane) => pane.placement === 'side')}
          value={side?.id}
          onChange={(id) => {
            setSideOverride(null);
            setSideStored(id);
          }}
          label={t('Hardware.SidePanes')}
        />
        <div className={classes.sideBody}>{renderPane(side)}</div>
      </aside>
    </div>
  );
}

function PaneTabs({
  panes,
  value,
  onChange,
  label,
  extra,
}: {
  panes: readonly HardwarePane[];
  value: HardwareListView | undefined;
  onChange: (id: HardwareListView) => void;
  label: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group className={classes.paneBar} justify="space-between" gap="xs" wrap="wrap">
      <Tabs
        value={value ?? null}
        onChange={(next) => {
          if (next) onChange(next as HardwareListView);
        }}
        variant="pills"
      >
        <Tabs.List aria-label={label}>
          {panes.map((pane) => (
            <Tabs.Tab key={pane.id} value={pane.id} size="xs">
              {t(pane.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {extra}
    </Group>
  );
}
