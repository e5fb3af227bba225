/**
 * Which weather sensor is selected: /sensor/{id} selects one (so a link or a reload opens on it),
 * and selecting changes the route. The hardware views select radios and units, so the selection
 * is told to them as the sensor's radio (or unit), and theirs is read back as its first sensor.
 */
import { weatherPath, type Area, type Sensor, type Site, type WeatherRoute } from '@paddock/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { HardwareSelection } from '../../../components/hardware/hardware-items.ts';

/** The detail segment that selects a sensor: /{siteId}/weather/{areaId}/sensor/{id}. */
const SENSOR_DETAIL = 'sensor';

export function useWeatherSelection(
  site: Site,
  area: Area,
  route: WeatherRoute,
  weatherSensors: readonly Sensor[],
) {
  const navigate = useNavigate();
  const selectedSensorId =
    route.detail === SENSOR_DETAIL && route.detailId !== undefined ? route.detailId : null;
  const selectedSensor = weatherSensors.find((sensor) => sensor.id === selectedSensorId) ?? null;

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

  return {
    selectedSensorId,
    selectedSensor,
    toggleSensor,
    sensorLabel,
    /** The selection as the hardware views take it. */
    hardware: { selection: hardwareSelection, onSelectionChange: onHardwareSelection },
  };
}
