/**
 * The area's events (§2 hardware list view "Events"; §3 event data, newest first), each in its
 * type's colour (§8 levels: error danger, warning warning, info); events about the selected radio
 * or unit come first when "only this device" is on. Open events can be acknowledged one by one or
 * all at once (the Irrigation tab counts the open ones, §1); the newest acknowledged event's time
 * is kept per area in the 'last acknowledged events' preference (§3), so events that came after
 * it are marked new.
 */
import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { formatSiteDateTime, type Event } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcknowledgeEvents } from '../../data/events/acknowledge-events.ts';
import { useAreaEvents } from '../../data/events/get-area-events.ts';
import { notify } from '../../lib/notify.ts';
import { usePreference } from '../../lib/preferences.ts';
import {
  acknowledgedPreferenceKey,
  isNewEvent,
  withAcknowledged,
} from './event-acknowledgement.ts';
import type { HardwareItem } from './hardware-items.ts';
import { PaneListNotLoaded } from './hardware-load-state.tsx';

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
  const acknowledge = useAcknowledgeEvents(areaId);
  const [lastAcknowledged, setLastAcknowledged] = usePreference('lastAcknowledgedEvents');
  const [onlySelected, setOnlySelected] = useState(false);
  if (!events.isSuccess) {
    return <PaneListNotLoaded failed={events.isError} failure={t('Hardware.Events.LoadFailed')} />;
  }
  const about = (event: Event) =>
    selected !== null && event.target === selected.id && event.targetType === selected.kind;
  const list = onlySelected && selected ? events.data.events.filter(about) : events.data.events;
  const seen = lastAcknowledged[acknowledgedPreferenceKey(areaId)];
  const open = events.data.stats.open;

  const acknowledgeEvents = (acknowledged: readonly Event[], all: boolean) =>
    acknowledge.mutate(all ? { all: true } : { ids: acknowledged.map((event) => event.id) }, {
      onSuccess: () =>
        setLastAcknowledged(withAcknowledged(lastAcknowledged, areaId, acknowledged)),
      onError: () => notify({ level: 'error', message: t('Hardware.Events.AcknowledgeFailed') }),
    });

  return (
    <Stack gap="xs" aria-label={t('Hardware.Pane.Events')} component="section">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" role="status">
          {t('Hardware.Events.Open', { count: open })}
        </Text>
        {open > 0 && (
          <Button
            size="compact-xs"
            variant="light"
            loading={acknowledge.isPending}
            onClick={() =>
              acknowledgeEvents(
                events.data.events.filter((event) => event.open),
                true,
              )
            }
          >
            {t('Hardware.Events.AcknowledgeAll')}
          </Button>
        )}
      </Group>
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
          data-testid="event-row"
          style={{
            borderLeft: `3px solid var(--mantine-color-${TYPE_COLOUR[event.type]}-filled)`,
            background: about(event) ? 'var(--mantine-color-default-hover)' : undefined,
            opacity: event.open ? 1 : 0.75,
          }}
        >
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              <Badge size="xs" color={TYPE_COLOUR[event.type]} autoContrast>
                {t(`Hardware.Events.Type.${event.type}`)}
              </Badge>
              {isNewEvent(event, seen) && (
                <Badge size="xs" variant="outline" color="selected">
                  {t('Hardware.Events.New')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {formatSiteDateTime(new Date(event.timestamp), timeZone)}
            </Text>
          </Group>
          <Text size="sm">{event.message}</Text>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            {event.open ? (
              <Text size="xs" fw={600}>
                {t('Hardware.Events.IsOpen')}
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                {event.acknowledgedBy
                  ? t('Hardware.Events.AcknowledgedBy', { by: event.acknowledgedBy })
                  : t('Hardware.Events.Closed')}
              </Text>
            )}
            {event.open && (
              <Button
                size="compact-xs"
                variant="subtle"
                disabled={acknowledge.isPending}
                onClick={() => acknowledgeEvents([event], false)}
              >
                {t('Hardware.Events.Acknowledge')}
              </Button>
            )}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
