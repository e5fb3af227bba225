/**
 * What a hardware pane draws: the List and Map (owned by the views: filter, sort, markers), the
 * lazily loaded Detail, or the page's own pane. A plain function, not a component, so each pane's
 * element sits directly in its pane body.
 */
import { Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import type { HardwareDetailSection } from './hardware-detail.tsx';
import type { HardwareSelection } from './hardware-items.ts';
import { HardwareList, type HardwareListProps } from './hardware-list.tsx';
import { HardwareMap } from './hardware-map.tsx';
import {
  DETAIL_PANE_ID,
  LIST_PANE_ID,
  MAP_PANE_ID,
  type HardwarePane,
  type HardwarePaneContext,
} from './hardware-panes.tsx';
import classes from './hardware-views.module.css';

// The detail loads when a device is first selected (ping, reporting interval, its sections): a
// page opens on its list with the detail's hint, and those chunks would hold back its first paint.
export const loadDetail = () => import('./hardware-detail.tsx');
const HardwareDetail = lazy(() => loadDetail().then((m) => ({ default: m.HardwareDetail })));

/** Everything the panes are drawn from, beyond the context the page's own panes get. */
export interface HardwarePaneDrawing {
  readonly context: HardwarePaneContext;
  readonly list: Pick<
    HardwareListProps,
    'tally' | 'filter' | 'onFilterChange' | 'sort' | 'onSortClick'
  >;
  readonly selection: HardwareSelection | null;
  /** §4 map selection: picking the selected marker again clears it. */
  readonly toggle: (selection: HardwareSelection) => void;
  readonly canPing: boolean;
  readonly canInstall: boolean;
  readonly canSetDevEui: boolean;
  readonly detailSections: readonly HardwareDetailSection[] | undefined;
  /** The detail's hint while nothing is selected. */
  readonly nothingSelected: string;
}

export function renderHardwarePane(
  pane: HardwarePane | undefined,
  drawing: HardwarePaneDrawing,
): ReactNode {
  const { context, selection } = drawing;
  const { area, items, shown, selected, select, now, loading } = context;
  if (!pane) return null;
  if (pane.ownDrawing) return pane.render(context);
  switch (pane.id) {
    case LIST_PANE_ID:
      return (
        <HardwareList
          items={shown}
          tally={drawing.list.tally}
          filter={drawing.list.filter}
          onFilterChange={drawing.list.onFilterChange}
          sort={drawing.list.sort}
          onSortClick={drawing.list.onSortClick}
          selection={selection}
          onSelect={select}
          now={now}
          compact={context.isPhone}
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
            <HardwareMap
              area={area}
              items={shown}
              selection={selection}
              onSelect={drawing.toggle}
            />
          )}
        </div>
      );
    case DETAIL_PANE_ID:
      return selected ? (
        <Suspense fallback={<Skeleton h={160} />}>
          <HardwareDetail
            item={selected}
            items={items}
            siteId={context.site.id}
            areaId={area.id}
            timeZone={context.timeZone}
            now={now}
            onSelect={select}
            canPing={drawing.canPing}
            canInstall={drawing.canInstall}
            canSetDevEui={drawing.canSetDevEui}
            {...(drawing.detailSections ? { sections: drawing.detailSections } : {})}
          />
        </Suspense>
      ) : loading && selection ? (
        // A device is selected (a deep link): its detail comes with the devices.
        <Skeleton h={160} />
      ) : (
        <Text size="sm" c="dimmed">
          {drawing.nothingSelected}
        </Text>
      );
    default:
      return pane.render(context);
  }
}
