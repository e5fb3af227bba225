import type { Sensor } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { bandColour, legendBands, weatherBounds, weatherMarkers } from './weather-markers.ts';

const topic = (metric: string, lastValue: number | null) => ({
  metric,
  type: 'analog',
  lastValue,
  timestamp: null,
});

function sensor(id: number, topics: Sensor['topics'], location = '[-39.6,176.8]'): Sensor {
  return {
    id,
    type: 'temperature',
    radio: 1,
    unit: null,
    location,
    tags: { identifier: 'weather' },
    topics,
    label: `Sensor ${id}`,
    serialno: `S-${id}`,
  };
}

describe('weatherMarkers', () => {
  const station = sensor(1, [
    topic('temperature', 16.2),
    topic('wind.speed', 1.5),
    topic('wind.direction.current', 350),
    topic('soil.moisture', null),
  ]);

  it('draws one marker per selected layer the sensor has a value for, in its band colour', () => {
    const markers = weatherMarkers([station], ['temperature', 'soilMoisture'], 'en');
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({
      layer: 'temperature',
      value: 16.2,
      band: 4, // 15 ≤ 16.2 < 25
      colour: bandColour('temperature', 4),
      text: '16.2 °C',
    });
  });

  it('shows calm wind white and points the direction to its §9 sector, offset east', () => {
    const markers = weatherMarkers([station], ['windSpeed', 'windDirection'], 'en');
    const speed = markers.find((marker) => marker.layer === 'windSpeed');
    const direction = markers.find((marker) => marker.layer === 'windDirection');
    expect(speed).toMatchObject({ band: 0, colour: '#ffffff', text: '2 kph' });
    expect(direction).toMatchObject({ sector: 0, text: '0°', band: null });
    expect(direction?.position.lng).toBeCloseTo(176.8 + 0.00072, 8);
  });

  it('stacks a station`s markers', () => {
    const markers = weatherMarkers([station], ['temperature', 'windSpeed'], 'en');
    expect(markers.map((marker) => marker.stack)).toEqual([0, 1]);
  });
});

describe('the ET0 layer (issue 30 item 2)', () => {
  it('draws the station`s daily ET0 in mm, in its band, with a legend of its bands', () => {
    const station = sensor(1, [
      topic('temperature', 16.2),
      topic('evapotranspiration.et0.daily', 5.43),
    ]);
    const [marker] = weatherMarkers([station], ['et0'], 'en');
    expect(marker).toMatchObject({ layer: 'et0', text: '5.4 mm', band: 5 }); // 5 ≤ 5.43 < 6
    expect(marker?.colour).toBe(bandColour('et0', 5));
    const bands = legendBands('et0');
    expect(bands[0]).toMatchObject({ from: null, to: 1 });
    expect(bands.at(-1)).toMatchObject({ from: 8, to: null });
  });
});

describe('legendBands', () => {
  it('gives a band per range of the §9 edges, open at both ends', () => {
    const bands = legendBands('temperature');
    expect(bands).toHaveLength(8);
    expect(bands[0]).toMatchObject({ from: null, to: -10 });
    expect(bands.at(-1)).toMatchObject({ from: 45, to: null });
    expect(legendBands('airPressure')).toEqual([]);
  });
});

describe('weatherBounds', () => {
  it('grows the area to hold a station outside it', () => {
    expect(
      weatherBounds({ south: -40, north: -39, west: 176, east: 177 }, [{ lat: -38.5, lng: 175 }]),
    ).toEqual({ south: -40, north: -38.5, west: 175, east: 177 });
  });
});
