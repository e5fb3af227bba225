/**
 * The frost area page (issue 15; docs/frost.md): the frost summary and tonight's forecast over one
 * of five views — the fans (list and the selected fan's detail), the map, the area's hardware in
 * the shared hardware views, the frost explorer, and the forecast's season (forecast against
 * observed, issue 31). The view and the selected fan live in the URL:
 * /{siteId}/frost/{areaId}[/list|/map|/hardware|/explorer|/forecast|/fan/{sensorId}].
 */
import { Group, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import {
  frostNightOf,
  frostNightRange,
  frostPath,
  type Area,
  type FrostRoute,
  type Site,
} from '@paddock/domain';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HardwareViews } from '../../../components/hardware/hardware-views.tsx';
import type { HardwarePane } from '../../../components/hardware/hardware-panes.tsx';
import type { HardwareSelection } from '../../../components/hardware/hardware-items.ts';
import { HardwareLoadFailed } from '../../../components/hardware/hardware-load-state.tsx';
import { useAreaSections } from '../../../data/areas/get-area-sections.ts';
import { useFrostSummary } from '../../../data/frost/get-frost-summary.ts';
import { useAreaRadios } from '../../../data/radios/get-area-radios.ts';
import { useAreaSensors } from '../../../data/sensors/get-area-sensors.ts';
import { useSiteUnits } from '../../../data/sites/get-site-units.ts';
import { usePreference } from '../../../lib/preferences.ts';
import { useNow } from '../../../lib/use-now.ts';
import { fanRows, temperatureRows } from '../fans.ts';
import { FanDetail } from './fan-detail.tsx';
import { FanList } from './fan-list.tsx';
import { FrostExplorer } from './frost-explorer.tsx';
import { TonightForecast } from './frost-forecast-panel.tsx';
import { ForecastSeason } from './frost-forecast-season.tsx';
import { FrostMap } from './frost-map.tsx';
import { FrostSummaryBar } from './frost-summary-bar.tsx';
import classes from './frost-workspace.module.css';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';

/**
 * Decision: the frost page polls its fans every 10 s, as the Telemetry page does its radios: on a
 * frost night a fan that starts, stops or faults is what the manager is watching for.
 */
const FROST_REFRESH_MS = 10_000;

const FROST_VIEWS = ['list', 'map', 'hardware', 'explorer', 'forecast'] as const;
export type FrostView = (typeof FROST_VIEWS)[number];

/**
 * The view and the fan a route opens on; a route that names no view opens the one last chosen
 * (stored preference frostPanes, its `view`), else the fans' list.
 */
function frostRouteView(
  route: FrostRoute,
  storedView: unknown,
): { view: FrostView; fanId: number | null } {
  if (route.detail === 'fan' && route.detailId !== undefined) {
    return { view: 'list', fanId: route.detailId };
  }
  const view = FROST_VIEWS.find((name) => name === (route.detail ?? storedView)) ?? 'list';
  return { view, fanId: null };
}

export interface FrostWorkspaceProps {
  readonly site: Site;
  readonly area: Area;
  readonly route: FrostRoute;
  readonly isPhone: boolean;
  readonly canPing: boolean;
  readonly canInstall: boolean;
  /** The site's admin (§6 top role): set radios' devEUIs. */
  readonly canSetDevEui: boolean;
  /** Edit rights on the area: "Forecast now". */
  readonly canEdit: boolean;
  /** The hardware views' panes (the page adds the Chart). */
  readonly hardwarePanes?: readonly HardwarePane[];
  /** Beside the view switch: the report exports, mounted by the page. */
  readonly actions?: ReactNode;
}

export function FrostWorkspace(props: FrostWorkspaceProps) {
  const { site, area, route } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow(FROST_REFRESH_MS);
  const timeZone = useSiteTimeZone(site);
  const sensors = useAreaSensors(area.id, { refetchInterval: FROST_REFRESH_MS });
  const summary = useFrostSummary(area.id, sensors.dataUpdatedAt);
  const radios = useAreaRadios(area.id, { refetchIntervalMs: FROST_REFRESH_MS });
  const units = useSiteUnits(site.id);
  const sections = useAreaSections(area.id);
  const [frostPanes, setFrostPanes] = usePreference('frostPanes');
  const { view, fanId } = frostRouteView(route, frostPanes.view);

  const fans = useMemo(
    () => fanRows(sensors.data ?? [], radios.data ?? []),
    [sensors.data, radios.data],
  );
  const temperatures = useMemo(() => temperatureRows(sensors.data ?? []), [sensors.data]);
  const windSensorId = sensors.data?.find((sensor) => sensor.type === 'wind')?.id ?? null;
  const selected = fans.find((fan) => fan.id === fanId) ?? fans[0] ?? null;
  const nightKey = frostNightOf(now, timeZone);
  const tonight = useMemo(() => {
    const range = frostNightRange(nightKey, timeZone);
    return { from: range.from.toISOString(), to: range.to.toISOString() };
  }, [nightKey, timeZone]);

  const go = useCallback(
    (detail: string | undefined, detailId?: number) =>
      void navigate(
        frostPath({
          siteId: site.id,
          areaId: area.id,
          ...(detail ? { detail } : {}),
          ...(detailId !== undefined ? { detailId } : {}),
        }),
        { replace: true },
      ),
    [navigate, site.id, area.id],
  );
  const selectFan = useCallback((id: number) => go('fan', id), [go]);
  const [hardwareSelection, setHardwareSelection] = useHardwareSelection();

  const fanDetail = selected && (
    <div className={classes.detail}>
      <FanDetail
        fan={selected}
        siteId={site.id}
        areaId={area.id}
        timeZone={timeZone}
        night={tonight}
      />
    </div>
  );

  if (sensors.isError && !sensors.data) {
    return <HardwareLoadFailed onReload={() => void sensors.refetch()} />;
  }

  return (
    <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} className={classes.page} data-testid="frost-page">
      <FrostSummaryBar summary={summary.data} />
      <TonightForecast
        areaId={area.id}
        timeZone={timeZone}
        canForecast={props.canEdit}
        refetchIntervalMs={FROST_REFRESH_MS}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label={t('Frost.Views')}
          value={view}
          onChange={(next) => {
            setFrostPanes({ ...frostPanes, view: next });
            go(next === 'list' ? undefined : next);
          }}
          data={FROST_VIEWS.map((name) => ({ value: name, label: t(`Frost.View.${name}`) }))}
        />
        {props.actions}
      </Group>
      {!sensors.data ? (
        <Skeleton h={320} />
      ) : view === 'list' ? (
        <div className={classes.split}>
          <div className={classes.list}>
            <FanList
              fans={fans}
              temperatures={temperatures}
              selectedId={selected?.id ?? null}
              onSelect={selectFan}
            />
          </div>
          {fanDetail}
        </div>
      ) : view === 'map' ? (
        <div className={fanId !== null ? classes.split : undefined}>
          <div className={classes.map}>
            <FrostMap
              area={area}
              fans={fans}
              temperatures={temperatures}
              radios={radios.data ?? []}
              sections={sections.data ?? []}
              selectedId={fanId}
              onSelect={selectFan}
            />
          </div>
          {fanId !== null && fanDetail}
        </div>
      ) : view === 'hardware' ? (
        radios.data ? (
          <div className={classes.hardware}>
            <HardwareViews
              site={site}
              area={area}
              radios={radios.data}
              units={units.data ?? EMPTY}
              {...(sections.data ? { sections: sections.data } : {})}
              selection={hardwareSelection}
              onSelectionChange={setHardwareSelection}
              mainPanePreference="modulePane"
              {...(props.hardwarePanes ? { panes: props.hardwarePanes } : {})}
              canPing={props.canPing}
              canInstall={props.canInstall}
              canSetDevEui={props.canSetDevEui}
              isPhone={props.isPhone}
            />
          </div>
        ) : (
          <Skeleton h={320} />
        )
      ) : view === 'forecast' ? (
        <ForecastSeason areaId={area.id} tonight={nightKey} />
      ) : (
        <FrostExplorer
          areaId={area.id}
          fans={fans}
          windSensorId={windSensorId}
          timeZone={timeZone}
          now={now}
          refetchIntervalMs={FROST_REFRESH_MS}
        />
      )}
    </Stack>
  );
}

const EMPTY: never[] = [];

/** The hardware view's selection: the page's own (the URL keeps the view, not the radio). */
function useHardwareSelection(): [
  HardwareSelection | null,
  (next: HardwareSelection | null) => void,
] {
  const [selection, setSelection] = useState<HardwareSelection | null>(null);
  return [selection, setSelection];
}
