/**
 * The area's events (§2 hardware list view "Events"; §3 event data, newest first), each in its
 * type's colour (§8 levels: error danger, warning warning, info); events about the selected radio
 * or unit come first when "only this device" is on.
 */
import { Badge, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { formatSiteDateTime, type Event } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaEvents } from '../../data/events/get-area-events.ts';
import type { HardwareItem } from './hardware-items.ts';

const TYPE_COLOUR: Record<Event['type'], string> = {
  error: 'fault',
  warning: 'warning',
  info: 'info',
};

export function AreaEventsPane({
  areaId,
  timeZone,
  selected,
}: {
  readonly areaId: number;
  readonly timeZone: string;
  readonly selected: HardwareItem | null;
}) {
  const { t } = useTranslation();
  const events = useAreaEvents(areaId);
  const [onlySelected, setOnlySelected] = useState(false);
  if (events.isPending) return <Skeleton h={120} aria-label={t('Common.Loading')} />;
  if (events.isError) return <Text size="sm">{t('Hardware.Events.LoadFailed')}</Text>;
  const about = (event: Event) =>
    selected !== null && event.target === selected.id && event.targetType === selected.kind;
  const list = onlySelected && selected ? events.data.events.filter(about) : events.data.events;
  return (
    <Stack gap="xs" aria-label={t('Hardware.Pane.Events')} component="section">
      {selected && (
        <Switch
          size="xs"
          checked={onlySelected}
          onChange={(event) => setOnlySelected(event.currentTarget.checked)}
          label={t('Hardware.Events.OnlySelected', { serial: selected.serialno })}
        />
      )}
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Hardware.Events.Empty')}
        </Text>
      )}
      {list.map((event) => (
        <Stack
          key={event.id}
          gap={2}
          p={6}
          style={{
            borderLeft: `3px solid var(--mantine-color-${TYPE_COLOUR[event.type]}-filled)`,
            background: about(event) ? 'var(--mantine-color-default-hover)' : undefined,
          }}
        >
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Badge size="xs" color={TYPE_COLOUR[event.type]} autoContrast>
              {t(`Hardware.Events.Type.${event.type}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatSiteDateTime(new Date(event.timestamp), timeZone)}
            </Text>
          </Group>
          <Text size="sm">{event.message}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
