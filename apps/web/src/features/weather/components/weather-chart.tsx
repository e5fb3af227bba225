/**
 * The weather chart (issue 14 "each metric charted with the shared chart"): the selected sensor's
 * weather metrics, measured or computed by the server (growing days, chill, ET0), one at a time;
 * under ET0's, its latest days with what each came from.
 */
import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { Sensor, WeatherLayer } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeriesChart } from '../../../components/chart/index.ts';
import { LAYER_METRICS, LAYER_UNITS, sensorLayers } from '../weather-markers.ts';
import { Et0Days } from './et0-days.tsx';

export function WeatherChart({
  sensor,
  timeZone,
  preferred,
  station,
}: {
  sensor: Sensor | null;
  timeZone: string;
  /** The site and area of the page: ET0 is kept per weather station area. */
  station: { siteId: number; areaId: number };
  /** The selected layers: the first the sensor has is charted first. */
  preferred: readonly WeatherLayer[];
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<WeatherLayer | null>(null);
  if (!sensor) {
    return (
      <Text size="sm" c="dimmed">
        {t('Weather.Chart.Nothing')}
      </Text>
    );
  }
  const layers = sensorLayers(sensor);
  if (layers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('Weather.Chart.NoMetrics')}
      </Text>
    );
  }
  const layer =
    (chosen && layers.includes(chosen) ? chosen : null) ??
    layers.find((candidate) => preferred.includes(candidate)) ??
    (layers[0] as WeatherLayer);
  const metric =
    LAYER_METRICS[layer].find((name) => sensor.topics.some((topic) => topic.metric === name)) ??
    (LAYER_METRICS[layer][0] as string);
  const label = t(`Weather.Layer.${layer}`);
  return (
    <Stack gap="sm" data-testid="weather-chart">
      {layers.length > 1 && (
        <SegmentedControl
          size="xs"
          aria-label={t('Weather.Chart.Metric')}
          data={layers.map((value) => ({ value, label: t(`Weather.Layer.${value}`) }))}
          value={layer}
          onChange={(value) => setChosen(value as WeatherLayer)}
          style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
        />
      )}
      <SeriesChart
        key={`${sensor.id}/${metric}`}
        title={`${sensor.label}: ${label}`}
        metrics={[
          { source: { kind: 'sensor', id: sensor.id }, metric, label, unit: LAYER_UNITS[layer] },
        ]}
        timeZone={timeZone}
      />
      {layer === 'et0' && (
        <Et0Days siteId={station.siteId} areaId={station.areaId} timeZone={timeZone} />
      )}
    </Stack>
  );
}
