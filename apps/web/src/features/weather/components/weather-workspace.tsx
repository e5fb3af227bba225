/**
 * The Weather page (§2 /{siteId}/weather/{areaId}[/{detail}[/{detailId}]], issue 14): the area's
 * weather sensors as value markers on the map, per the §9 layers the user picks (remembered as
 * weatherLayerSelection; temperature and soil moisture until then), with a legend per layer, in
 * the shared hardware views (list, detail, events and alarms of the area's radios and units) and
 * a chart of the selected sensor's metrics. /sensor/{id} selects a sensor, so a link or a reload
 * opens on it. Weather refreshes in the background (§4): the sensors are fetched again every
 * minute without a loading state.
 */
import { Chip, Group, Skeleton, Text } from '@mantine/core';
import {
  DEFAULT_WEATHER_LAYERS,
  isNarrowScreen,
  parsePointText,
  weatherPath,
  type Area,
  type Site,
  type WeatherLayer,
  type WeatherRoute,
} from '@paddock/domain';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { HardwareSelection } from '../../../components/hardware/hardware-items.ts';
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
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint.ts';
import { sensorLayers, WEATHER_LAYER_ORDER, weatherMarkers } from '../weather-markers.ts';
import { WeatherChart } from './weather-chart.tsx';
import { WeatherLegend } from './weather-legend.tsx';
import classes from './weather-workspace.module.css';

// Leaflet loads only on this page: its chunk is asked for as the page mounts (while its data is
// still on the way), and the map is drawn once the rest of the page has been painted.
const loadWeatherMap = () => import('./weather-map.tsx');
const WeatherMap = lazy(loadWeatherMap);

/** §2: the page refreshes every 60 seconds after a route loads; weather does so in the background. */
export const WEATHER_REFRESH_MS = 60_000;

/** The detail segment that selects a sensor: /{siteId}/weather/{areaId}/sensor/{id}. */
export const SENSOR_DETAIL = 'sensor';

export interface WeatherWorkspaceProps {
  readonly site: Site;
  readonly area: Area;
  readonly route: WeatherRoute;
  readonly timeZone: string;
  readonly canPing: boolean;
  readonly canInstall: boolean;
  readonly isPhone: boolean;
}

export function WeatherWorkspace(props: WeatherWorkspaceProps) {
  const { site, area, route, timeZone } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
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
  const selectedSensorId =
    route.detail === SENSOR_DETAIL && route.detailId !== undefined ? route.detailId : null;
  const selectedSensor = weatherSensors.find((sensor) => sensor.id === selectedSensorId) ?? null;
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

  const selectSensor = useCallback(
    (sensorId: number | null) => {
      void navigate(
        weatherPath({
          siteId: site.id,
          areaId: area.id,
          ...(sensorId === null ? {} : { detail: SENSOR_DETAIL, detailId: sensorId }),
        }),
        { replace: true },
      );
    },
    [navigate, site.id, area.id],
  );
  // §4 map selection: picking the selected marker again clears it.
  const toggleSensor = useCallback(
    (sensorId: number) => selectSensor(sensorId === selectedSensorId ? null : sensorId),
    [selectSensor, selectedSensorId],
  );
  // The hardware views select radios and units: a sensor selects its radio, and a radio picked in
  // the list selects its first weather sensor (or nothing when it has none).
  const hardwareSelection: HardwareSelection | null =
    selectedSensor?.radio != null
      ? { kind: 'radio', id: selectedSensor.radio }
      : selectedSensor?.unit != null
        ? { kind: 'unit', id: selectedSensor.unit }
        : null;
  const onHardwareSelection = useCallback(
    (next: HardwareSelection | null) => {
      if (!next) return selectSensor(null);
      const sensor = weatherSensors.find((candidate) =>
        next.kind === 'radio' ? candidate.radio === next.id : candidate.unit === next.id,
      );
      selectSensor(sensor?.id ?? null);
    },
    [selectSensor, weatherSensors],
  );

  const sensorLabel = useCallback(
    (sensorId: number) =>
      weatherSensors.find((sensor) => sensor.id === sensorId)?.label ?? String(sensorId),
    [weatherSensors],
  );

  const panes = useMemo<readonly HardwarePane[]>(
    () => [
      {
        id: 'Map',
        labelKey: 'Hardware.Pane.Map',
        placement: 'main',
        ownDrawing: true,
        render: () => (
          <div className={classes.pane}>
            <div className={classes.layers}>
              <Chip.Group
                multiple
                value={[...layers]}
                onChange={(next) =>
                  setLayers(WEATHER_LAYER_ORDER.filter((layer) => next.includes(layer)))
                }
              >
                <Group gap={6} wrap="nowrap" role="group" aria-label={t('Weather.Layers')}>
                  {WEATHER_LAYER_ORDER.map((layer) => (
                    <Chip key={layer} value={layer} size="xs" data-layer={layer}>
                      {t(`Weather.Layer.${layer}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </div>
            <div className={classes.map}>
              {loading ? (
                <Skeleton h="100%" radius={0} />
              ) : (
                <Suspense fallback={<Skeleton h="100%" radius={0} />}>
                  <WeatherMapAfterPaint
                    label={t('Weather.Map.Label', { area: area.label })}
                    area={area}
                    markers={markers}
                    sensorPositions={sensorPositions}
                    selectedSensorId={selectedSensorId}
                    onSelect={toggleSensor}
                    layerLabel={(marker) => t(`Weather.Layer.${marker.layer}`)}
                    sensorLabel={sensorLabel}
                  />
                </Suspense>
              )}
              {/* Folded on narrow screens (§9 narrow under 700 px), where it would hide the map. */}
              <details className={classes.legend} open={legendOpen}>
                <summary>
                  <Text span size="xs" fw={600}>
                    {t('Weather.Legend')}
                  </Text>
                </summary>
                <WeatherLegend layers={WEATHER_LAYER_ORDER.filter((l) => layers.includes(l))} />
                {markers.length === 0 && !loading && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('Weather.NoReadings')}
                  </Text>
                )}
              </details>
            </div>
          </div>
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
            <WeatherChart sensor={selectedSensor} timeZone={timeZone} preferred={layers} />
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
      t,
      area,
      markers,
      sensorPositions,
      selectedSensorId,
      toggleSensor,
      sensorLabel,
      selectedSensor,
      timeZone,
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
      selection={hardwareSelection}
      onSelectionChange={onHardwareSelection}
      mainPanePreference="modulePane"
      panes={panes}
      canPing={props.canPing}
      canInstall={props.canInstall}
      isPhone={props.isPhone}
    />
  );
}

const EMPTY: never[] = [];

/**
 * Decision: the map (Leaflet's set-up, its layout reads and the markers: one long task) is drawn
 * in the task after the frame that first shows the page with its data, so the page's text and
 * list are not held back behind it. Mounted with the Map pane, so the wait starts there.
 */
function WeatherMapAfterPaint(props: ComponentProps<typeof WeatherMap>) {
  const drawable = useAfterFirstPaint();
  return drawable ? <WeatherMap {...props} /> : <Skeleton h="100%" radius={0} />;
}
