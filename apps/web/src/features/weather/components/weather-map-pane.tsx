/**
 * The Weather page's Map pane: the §9 layer chips (remembered as weatherLayerSelection), the map
 * of the weather sensors' value markers and the legend of the chosen layers.
 */
import { Chip, Group, Skeleton, Text } from '@mantine/core';
import type { Area, WeatherLayer } from '@paddock/domain';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint.ts';
import { WEATHER_LAYER_ORDER, type WeatherMarker } from '../weather-markers.ts';
import { WeatherLegend } from './weather-legend.tsx';
import classes from './weather-workspace.module.css';

// Leaflet loads only on this page: its chunk is asked for as the page mounts (while its data is
// still on the way), and the map is drawn once the rest of the page has been painted.
export const loadWeatherMap = () => import('./weather-map.tsx');
const WeatherMap = lazy(loadWeatherMap);

export interface WeatherMapPaneProps {
  readonly area: Area;
  readonly layers: readonly WeatherLayer[];
  readonly onLayers: (layers: WeatherLayer[]) => void;
  /** The sensors are on the way: the map, made around their positions, waits. */
  readonly loading: boolean;
  /** Open where the legend does not hide much of the map. */
  readonly legendOpen: boolean;
  readonly markers: readonly WeatherMarker[];
  readonly sensorPositions: ComponentProps<typeof WeatherMap>['sensorPositions'];
  readonly selectedSensorId: number | null;
  readonly onSelect: (sensorId: number) => void;
  readonly sensorLabel: (sensorId: number) => string;
}

export function WeatherMapPane({
  area,
  layers,
  onLayers,
  loading,
  legendOpen,
  markers,
  sensorPositions,
  selectedSensorId,
  onSelect,
  sensorLabel,
}: WeatherMapPaneProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.pane}>
      <div className={classes.layers}>
        <Chip.Group
          multiple
          value={[...layers]}
          onChange={(next) => onLayers(WEATHER_LAYER_ORDER.filter((layer) => next.includes(layer)))}
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
              onSelect={onSelect}
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
  );
}

/**
 * Decision: the map (Leaflet's set-up, its layout reads and the markers: one long task) is drawn
 * in the task after the frame that first shows the page with its data, so the page's text and
 * list are not held back behind it. Mounted with the Map pane, so the wait starts there.
 */
function WeatherMapAfterPaint(props: ComponentProps<typeof WeatherMap>) {
  const drawable = useAfterFirstPaint();
  return drawable ? <WeatherMap {...props} /> : <Skeleton h="100%" radius={0} />;
}
