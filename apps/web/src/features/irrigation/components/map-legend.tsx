/**
 * The area map's legend: the §9 colours of zones (fault, running, irrigated, stopped, paused
 * stroke, test mode, banned, selected), or with the Water balance layer on the zones' deficit
 * bands, and the marker kinds at their §9 scales, with a switch per layer. Folds away so it does
 * not cover a phone's map.
 */
import { Box, Checkbox, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { COLOURS, signalScale, UNIT_MARKER_SCALE, VALVE_MARKER_SCALE } from '@paddock/domain';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NEUTRAL_COLOUR, OUTLINE_COLOUR, type MapLayers } from '../map-layers.ts';
import { DEFICIT_BAND_COLOURS, DEFICIT_BANDS } from '../water-balance-layer.ts';
import { ColourSwatch } from './state-badge.tsx';

function Dot({ radius, fill, dashed = false }: { radius: number; fill: string; dashed?: boolean }) {
  return (
    <Box
      aria-hidden
      style={{
        width: radius * 2,
        height: radius * 2,
        borderRadius: '50%',
        background: fill,
        border: `1.5px ${dashed ? 'dashed' : 'solid'} ${OUTLINE_COLOUR}`,
        flex: `0 0 ${radius * 2}px`,
      }}
    />
  );
}

export function MapLegend({
  layers,
  onLayersChange,
  defaultOpened = true,
}: {
  layers: MapLayers;
  onLayersChange: (layers: MapLayers) => void;
  defaultOpened?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(defaultOpened);
  const outlines: [string, string, string?][] = [
    ['Irrigation.Legend.Paused', COLOURS.stopped, COLOURS.irrigated],
    ['Irrigation.Legend.TestMode', COLOURS.stopped, COLOURS.test],
    ['Irrigation.Legend.Selected', COLOURS.stopped, COLOURS.selected],
  ];
  const zoneRows: [string, string, string?][] = layers.waterBalance
    ? [
        ...DEFICIT_BANDS.map((band): [string, string, string] => [
          `Irrigation.WaterBalanceLayer.Band.${band}`,
          DEFICIT_BAND_COLOURS[band],
          OUTLINE_COLOUR,
        ]),
        ['Irrigation.Legend.Running', COLOURS.stopped, COLOURS.running],
        ...outlines,
      ]
    : [
        ['Irrigation.Legend.Fault', COLOURS.fault],
        ['Irrigation.Legend.Running', COLOURS.running],
        ['Irrigation.Legend.Irrigated', COLOURS.irrigated],
        ['Irrigation.Legend.Stopped', COLOURS.stopped, OUTLINE_COLOUR],
        ...outlines,
      ];
  const layerRows: [Exclude<keyof MapLayers, 'waterBalance'>, string, number][] = [
    ['valves', 'Irrigation.Legend.Valves', VALVE_MARKER_SCALE],
    ['units', 'Irrigation.Legend.Units', UNIT_MARKER_SCALE],
    ['radios', 'Irrigation.Legend.Radios', signalScale({})],
  ];
  return (
    <Paper
      shadow="sm"
      p="xs"
      radius="md"
      withBorder
      component="section"
      aria-label={t('Irrigation.Legend.Title')}
      style={{ maxWidth: 220, pointerEvents: 'auto' }}
    >
      <UnstyledButton
        onClick={() => setOpened((value) => !value)}
        aria-expanded={opened}
        style={{ width: '100%' }}
      >
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t('Irrigation.Legend.Title')}
          </Text>
          {opened ? <IconChevronDown size={16} /> : <IconChevronUp size={16} />}
        </Group>
      </UnstyledButton>
      {opened && (
        <Stack gap={4} mt={6}>
          <Checkbox
            size="xs"
            checked={layers.waterBalance}
            onChange={(event) =>
              onLayersChange({ ...layers, waterBalance: event.currentTarget.checked })
            }
            label={t('Irrigation.Legend.WaterBalance')}
          />
          {zoneRows.map(([key, fill, stroke]) => (
            <Group key={key} gap={8} wrap="nowrap">
              <ColourSwatch fill={fill} {...(stroke ? { stroke } : {})} />
              <Text size="xs">{t(key)}</Text>
            </Group>
          ))}
          <Group gap={8} wrap="nowrap">
            <ColourSwatch stroke={OUTLINE_COLOUR} dashed />
            <Text size="xs">{t('Irrigation.Legend.Banned')}</Text>
          </Group>
          {layerRows.map(([layer, key, radius]) => (
            <Group key={layer} gap={8} wrap="nowrap">
              <Checkbox
                size="xs"
                checked={layers[layer]}
                onChange={(event) =>
                  onLayersChange({ ...layers, [layer]: event.currentTarget.checked })
                }
                aria-label={t(key)}
              />
              <Dot
                radius={Math.min(radius, 7)}
                fill={layer === 'valves' ? COLOURS.stopped : NEUTRAL_COLOUR}
              />
              <Text size="xs">{t(key)}</Text>
            </Group>
          ))}
          <Group gap={8} wrap="nowrap">
            <Box w={18} />
            <Dot radius={6} fill={COLOURS.stopped} dashed />
            <Text size="xs">{t('Irrigation.Legend.Excluded')}</Text>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
