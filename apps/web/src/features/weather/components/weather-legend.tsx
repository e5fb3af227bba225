/** A legend per selected layer (§9 colour bands): each band's colour and range. */
import { Group, Stack, Text } from '@mantine/core';
import type { WeatherLayer } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { LAYER_UNITS, legendBands, PLAIN_MARKER_COLOUR } from '../weather-markers.ts';

function range(from: number | null, to: number | null): string {
  if (from === null) return `< ${to}`;
  if (to === null) return `≥ ${from}`;
  return `${from}–${to}`;
}

export function WeatherLegend({ layers }: { layers: readonly WeatherLayer[] }) {
  const { t } = useTranslation();
  if (layers.length === 0) return null;
  return (
    <Stack gap={6} data-testid="weather-legend">
      {layers.map((layer) => {
        const bands = legendBands(layer);
        return (
          <Group
            key={layer}
            gap={4}
            wrap="wrap"
            data-layer={layer}
            aria-label={t(`Weather.Layer.${layer}`)}
          >
            <Text size="xs" fw={600} miw={120}>
              {t(`Weather.Layer.${layer}`)} ({LAYER_UNITS[layer]})
            </Text>
            {bands.length === 0 ? (
              <Group gap={4}>
                <Swatch colour={PLAIN_MARKER_COLOUR} />
                <Text size="xs" c="dimmed">
                  {t('Weather.NoBands')}
                </Text>
              </Group>
            ) : (
              bands.map((band) => (
                <Group
                  key={band.index}
                  gap={2}
                  wrap="nowrap"
                  data-band={band.index}
                  data-colour={band.colour}
                >
                  <Swatch colour={band.colour} />
                  <Text size="xs">{range(band.from, band.to)}</Text>
                </Group>
              ))
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

function Swatch({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 12,
        height: 12,
        background: colour,
        border: '1px solid #90a4ae',
        borderRadius: 2,
      }}
    />
  );
}
