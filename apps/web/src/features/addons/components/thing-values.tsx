/**
 * What a thing reads now, by its type: soil moisture per layer against the refill and full
 * points, a meter's flow and total, a tank's level and volume, and the plain value of the rest.
 */
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import {
  soilBand,
  soilLayers,
  SOIL_POINTS,
  topicValue,
  type ThingCondition,
} from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { isFlag, metricUnit, type PageThing } from '../things.ts';

const BAND_COLOUR = { full: 'info', ok: 'running', refill: 'warning', stress: 'fault' } as const;

export function formatValue(value: number | null, unit: string): string {
  if (value === null) return '–';
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return unit ? `${text} ${unit}` : text;
}

export function ConditionBadge({ condition }: { condition: ThingCondition }) {
  const { t } = useTranslation();
  if (condition === 'ok') return null;
  return (
    <Badge color={condition} variant="filled" size="sm" data-condition={condition}>
      {t(`Addons.Condition.${condition}`)}
    </Badge>
  );
}

export function ThingValues({ thing }: { thing: PageThing }) {
  const { t } = useTranslation();
  const { topics } = thing;
  switch (thing.type) {
    case 'soilMoisture': {
      const layers = soilLayers(topics);
      return (
        <Stack gap={2}>
          {layers.map((layer) => (
            <Group key={layer.metric} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm">
                {layer.depthCm === null
                  ? t('Addons.Soil.RootZone')
                  : t('Addons.Soil.Depth', { depth: layer.depthCm })}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" fw={600} data-testid="thing-value">
                  {formatValue(layer.value, '%')}
                </Text>
                {layer.value !== null && (
                  <Badge size="xs" variant="filled" color={BAND_COLOUR[soilBand(layer.value)]}>
                    {t(`Addons.Soil.${soilBand(layer.value)}`)}
                  </Badge>
                )}
              </Group>
            </Group>
          ))}
          <Text size="xs" c="dimmed">
            {t('Addons.Soil.Points', { refill: SOIL_POINTS.refill, full: SOIL_POINTS.full })}
          </Text>
        </Stack>
      );
    }
    case 'level': {
      const level = topicValue(topics, 'level') ?? topicValue(topics, 'tank.level');
      const volume = topicValue(topics, 'tank.volume');
      return (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600} data-testid="thing-value">
              {formatValue(level, '%')}
            </Text>
            {volume !== null && <Text size="sm">{formatValue(volume, 'm³')}</Text>}
          </Group>
          <Progress
            value={Math.max(0, Math.min(100, level ?? 0))}
            color={level !== null && level < 25 ? 'warning' : 'info'}
            aria-label={t('Addons.Tank.Level')}
          />
        </Stack>
      );
    }
    default:
      return (
        <Stack gap={2}>
          {topics
            .filter((topic) => topic.metric !== 'fault')
            .map((topic) => (
              <Group key={topic.metric} gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm">{t(`Addons.Metric.${topic.metric}`, topic.metric)}</Text>
                <Text size="sm" fw={600} data-testid="thing-value">
                  {isFlag(topic.metric)
                    ? topic.lastValue === null
                      ? '–'
                      : t(topic.lastValue !== 0 ? 'Addons.On' : 'Addons.Off')
                    : formatValue(topic.lastValue, metricUnit(topic.metric))}
                </Text>
              </Group>
            ))}
        </Stack>
      );
  }
}
