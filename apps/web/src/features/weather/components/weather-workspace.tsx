/**
 * The Weather page (§2 /{siteId}/weather/{areaId}[/{detail}[/{detailId}]], issue 14): the area's
 * weather sensors as value markers on the map, per the §9 layers the user picks (remembered as
 * weatherLayerSelection; temperature and soil moisture until then), with a legend per layer, in
 * the shared hardware views (list, detail, events and alarms of the area's radios and units) and
 * a chart of the selected sensor's metrics. /sensor/{id} selects a sensor, so a link or a reload
 * opens on it. Weather refreshes in the background (§4): the sensors are fetched again every
 * minute without a loading state.
 */
import { Skeleton } from '@mantine/core';
import {
  DEFAULT_WEATHER_LAYERS,
  isNarrowScreen,
  parsePointText,
  type Area,
  type Site,
  type WeatherLayer,
  type WeatherRoute,
} from '@paddock/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HardwareLoadFailed } from '../../../components/hardware/hardware-load-state.tsx';
import {
  ALARMS_PANE,
  DETAIL_PANE,
  EVENTS_PANE,
  LIST_PANE,
  type HardwarePane,
} from '../../../components/hardware/hardware-panes.tsx';
import { HardwareViews } from '../../../components/hardware/hardware-views.tsx';
import { useAreaSections } from '../../../data/areas/get-area-sections.ts';
import { useAreaRadios } from '../../../data/radios/get-area-radios.ts';
import { useAreaSensors } from '../../../data/sensors/get-area-sensors.ts';
import { useSiteUnits } from '../../../data/sites/get-site-units.ts';
import { usePreference } from '../../../lib/preferences.ts';
import { sensorLayers, weatherMarkers } from '../weather-markers.ts';
import { useWeatherSelection } from './use-weather-selection.ts';
import { WeatherChart } from './weather-chart.tsx';
import { loadWeatherMap, WeatherMapPane } from './weather-map-pane.tsx';

/** §2: the page refreshes every 60 seconds after a route loads; weather does so in the background. */
const WEATHER_REFRESH_MS = 60_000;

export interface WeatherWorkspaceProps {
  readonly site: Site;
  readonly area: Area;
  readonly route: WeatherRoute;
  readonly timeZone: string;
  readonly canPing: boolean;
  readonly canInstall: boolean;
  /** The site's admin (§6 top role): set radios' devEUIs. */
  readonly canSetDevEui: boolean;
  readonly isPhone: boolean;
}

export function WeatherWorkspace(props: WeatherWorkspaceProps) {
  const { site, area, route, timeZone } = props;
  const { i18n } = useTranslation();
  const sensors = useAreaSensors(area.id, { refetchInterval: WEATHER_REFRESH_MS });
  const radios = useAreaRadios(area.id, { refetchIntervalMs: WEATHER_REFRESH_MS });
  const units = useSiteUnits(site.id, { refetchIntervalMs: WEATHER_REFRESH_MS });
  const sections = useAreaSections(area.id);
  const [storedLayers, setLayers] = usePreference('weatherLayerSelection');
  const [legendOpen] = useState(() => !isNarrowScreen(window.innerWidth));
  const layers: readonly WeatherLayer[] = storedLayers ?? DEFAULT_WEATHER_LAYERS;
  // Until the sensors and radios answer, the page's frame is drawn (layers, legend, the chart's
  // hint, the list's header) and the map waits: it is made around the sensors' positions.
  const loading = !sensors.data || !radios.data;
  useEffect(() => {
    void loadWeatherMap().catch(() => undefined);
  }, []);

  const weatherSensors = useMemo(
    () => (sensors.data ?? []).filter((sensor) => sensorLayers(sensor).length > 0),
    [sensors.data],
  );
  const { selectedSensorId, selectedSensor, toggleSensor, sensorLabel, hardware } =
    useWeatherSelection(site, area, route, weatherSensors);
  const sensorPositions = useMemo(
    () =>
      weatherSensors.flatMap((sensor) => {
        const point = sensor.location ? parsePointText(sensor.location) : null;
        return point ? [point] : [];
      }),
    [weatherSensors],
  );
  const markers = useMemo(
    () => weatherMarkers(weatherSensors, layers, i18n.language),
    [weatherSensors, layers, i18n.language],
  );

  const panes = useMemo<readonly HardwarePane[]>(
    () => [
      {
        id: 'Map',
        labelKey: 'Hardware.Pane.Map',
        placement: 'main',
        ownDrawing: true,
        render: () => (
          <WeatherMapPane
            area={area}
            layers={layers}
            onLayers={setLayers}
            loading={loading}
            legendOpen={legendOpen}
            markers={markers}
            sensorPositions={sensorPositions}
            selectedSensorId={selectedSensorId}
            onSelect={toggleSensor}
            sensorLabel={sensorLabel}
          />
        ),
      },
      LIST_PANE,
      {
        id: 'Chart',
        labelKey: 'Hardware.Pane.Chart',
        placement: 'side',
        followsSelection: true,
        render: () =>
          loading && selectedSensorId !== null ? (
            // A sensor is selected (a link or a reload): its chart comes with the sensors.
            <Skeleton h={160} />
          ) : (
            <WeatherChart
              sensor={selectedSensor}
              timeZone={timeZone}
              preferred={layers}
              station={{ siteId: site.id, areaId: area.id }}
            />
          ),
      },
      DETAIL_PANE,
      EVENTS_PANE,
      ALARMS_PANE,
    ],
    [
      loading,
      layers,
      setLayers,
      legendOpen,
      area,
      markers,
      sensorPositions,
      selectedSensorId,
      toggleSensor,
      sensorLabel,
      selectedSensor,
      timeZone,
      site.id,
    ],
  );

  if ((sensors.isError && !sensors.data) || (radios.isError && !radios.data)) {
    return (
      <HardwareLoadFailed
        onReload={() => {
          void sensors.refetch();
          void radios.refetch();
        }}
      />
    );
  }
  return (
    <HardwareViews
      site={site}
      area={area}
      loading={loading}
      radios={radios.data ?? EMPTY}
      units={units.data ?? EMPTY}
      {...(sections.data ? { sections: sections.data } : {})}
      {...hardware}
      mainPanePreference="modulePane"
      panes={panes}
      canPing={props.canPing}
      canInstall={props.canInstall}
      canSetDevEui={props.canSetDevEui}
      isPhone={props.isPhone}
    />
  );
}

const EMPTY: never[] = [];
