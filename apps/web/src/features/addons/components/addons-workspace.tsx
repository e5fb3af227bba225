/**
 * The Add-ons page (§2 /{siteId}/addons/{areaId}, also /things/{areaId}; issue 14): the area's
 * soil probes, water meters, tanks, pressure, power, rain gauges, pumps and pivot as cards by
 * type, each card showing ADDON_DEVICE_LIMIT things (faults first) and opening to a list of
 * ADDON_LIST_LIMIT a page; the §9 things filter (remembered as thingsFilter); live values polled;
 * the selected thing (query thing={id}&type={type}, §2) in the side pane with its charts, beside
 * the area's events and alarms (the hardware views' panes); and water used per zone.
 */
import {
  Alert,
  Button,
  Card,
  CloseButton,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  ADDON_LIST_LIMIT,
  addonsPath,
  filterThings,
  groupThings,
  thingCondition,
  thingsFilterSchema,
  type AddonsRoute,
  type Area,
  type Site,
  type ThingsRoute,
  type ThingType,
} from '@paddock/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AreaAlarmsPane } from '../../../components/hardware/area-alarms-pane.tsx';
import { AreaEventsPane } from '../../../components/hardware/area-events-pane.tsx';
import { useAreaControls } from '../../../data/controls/get-area-controls.ts';
import { useAreaPrograms } from '../../../data/programs/get-area-programs.ts';
import { useAreaSensors } from '../../../data/sensors/get-area-sensors.ts';
import { usePreference } from '../../../lib/preferences.ts';
import { useNow } from '../../../lib/use-now.ts';
import { areaThings, type PageThing } from '../things.ts';
import classes from './addons.module.css';
import { ThingDetail } from './thing-detail.tsx';
import { ConditionBadge, ThingValues } from './thing-values.tsx';
import { WaterUsePanel } from './water-use-panel.tsx';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';
import { PhoneDetail } from '../../../components/hardware/phone-detail.tsx';

/** Live values: the field reports every few minutes, so a 15 s poll shows each report soon. */
export const ADDONS_REFRESH_MS = 15_000;

type SidePane = 'Detail' | 'Events' | 'Alarms';

export function AddonsWorkspace({
  site,
  area,
  route,
  canEditPrograms,
  isPhone,
}: {
  site: Site;
  area: Area;
  route: AddonsRoute | ThingsRoute;
  canEditPrograms: boolean;
  isPhone: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow(ADDONS_REFRESH_MS);
  const sensors = useAreaSensors(area.id, { refetchInterval: ADDONS_REFRESH_MS });
  const controls = useAreaControls(area.id, { refetchInterval: ADDONS_REFRESH_MS });
  const programs = useAreaPrograms(area.id);
  const [filter, setFilter] = usePreference('thingsFilter');
  const [opened, setOpened] = useState<{ type: ThingType; page: number } | null>(null);
  const [side, setSide] = useState<SidePane>('Detail');
  const timeZone = useSiteTimeZone(site);

  const things = useMemo(
    () => areaThings(sensors.data ?? [], controls.data ?? []),
    [sensors.data, controls.data],
  );
  const groups = useMemo(
    () => groupThings(filterThings(things, filter, now), now),
    [things, filter, now],
  );
  const wanted = route.kind === 'addons' ? route.thing : undefined;
  // A pump or pivot is a control first: its status sensor shares the thing type (§2 names both).
  const selected =
    (wanted &&
      (things.find(
        (thing) => thing.kind === 'control' && thing.id === wanted.id && thing.type === wanted.type,
      ) ??
        things.find((thing) => thing.id === wanted.id && thing.type === wanted.type))) ||
    null;

  const select = useCallback(
    (thing: PageThing | null) => {
      setSide('Detail');
      void navigate(
        addonsPath({
          siteId: site.id,
          areaId: area.id,
          ...(thing ? { thing: { id: thing.id, type: thing.type } } : {}),
        }),
        { replace: true },
      );
    },
    [navigate, site.id, area.id],
  );

  if (sensors.isError && !sensors.data) {
    return (
      <Stack p="md">
        <Alert color="fault" role="alert" title={t('Addons.LoadFailedTitle')}>
          {t('Addons.LoadFailed')}
        </Alert>
      </Stack>
    );
  }

  const row = (thing: PageThing) => (
    <div
      key={`${thing.kind}-${thing.id}`}
      className={classes.thing}
      data-selected={selected === thing}
      data-testid="addon-thing"
      data-type={thing.type}
      data-condition={thingCondition(thing, now)}
      role="button"
      tabIndex={0}
      onClick={() => select(selected === thing ? null : thing)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          select(selected === thing ? null : thing);
        }
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={2}>
        <Text size="sm" fw={500} truncate>
          {thing.label}
        </Text>
        <ConditionBadge condition={thingCondition(thing, now)} />
      </Group>
      <ThingValues thing={thing} />
    </div>
  );

  const openedGroup = opened ? groups.find((group) => group.type === opened.type) : undefined;
  const openedThings = openedGroup
    ? filterThings(things, filter, now).filter((thing) => thing.type === openedGroup.type)
    : [];
  const pages = Math.max(1, Math.ceil(openedThings.length / ADDON_LIST_LIMIT));

  const cards = (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
      {groups.map((group) => (
        <Card
          key={group.type}
          withBorder
          padding="sm"
          data-testid="addon-card"
          data-type={group.type}
        >
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h6">
              {t(`Addons.Type.${group.type}`)}
            </Title>
            <Text size="xs" c="dimmed">
              {group.total}
            </Text>
          </Group>
          <Stack gap={4}>{group.shown.map(row)}</Stack>
          {group.total > group.shown.length && (
            <Button
              variant="subtle"
              size="compact-xs"
              mt="xs"
              onClick={() => setOpened({ type: group.type, page: 1 })}
            >
              {t('Addons.ShowAll', { count: group.total })}
            </Button>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );

  const list = openedGroup && opened && (
    <Stack gap="xs" data-testid="addon-list">
      <Group justify="space-between">
        <Title order={3} size="h6">
          {t(`Addons.Type.${openedGroup.type}`)}
        </Title>
        <CloseButton aria-label={t('Common.Close')} onClick={() => setOpened(null)} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {openedThings
          .slice((opened.page - 1) * ADDON_LIST_LIMIT, opened.page * ADDON_LIST_LIMIT)
          .map(row)}
      </SimpleGrid>
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(opened.page, pages)}
          onChange={(page) => setOpened({ type: openedGroup.type, page })}
        />
      )}
    </Stack>
  );

  const detail = selected ? (
    <ThingDetail
      thing={selected}
      areaId={area.id}
      programs={programs.data ?? []}
      canEditPrograms={canEditPrograms}
      timeZone={timeZone}
      now={now}
    />
  ) : (
    <Text size="sm" c="dimmed">
      {t('Addons.Nothing')}
    </Text>
  );

  const sidePanes = (
    <Tabs value={side} onChange={(value) => value && setSide(value as SidePane)} variant="pills">
      <Tabs.List aria-label={t('Hardware.SidePanes')} mb="xs">
        {(['Detail', 'Events', 'Alarms'] as const).map((pane) => (
          <Tabs.Tab key={pane} value={pane} size="xs">
            {t(`Hardware.Pane.${pane}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="Detail">{detail}</Tabs.Panel>
      <Tabs.Panel value="Events">
        <AreaEventsPane areaId={area.id} timeZone={timeZone} selected={null} />
      </Tabs.Panel>
      <Tabs.Panel value="Alarms">
        <AreaAlarmsPane siteId={site.id} areaId={area.id} selected={null} />
      </Tabs.Panel>
    </Tabs>
  );

  const faults = things.filter((thing) => thingCondition(thing, now) === 'fault').length;
  return (
    <div className={classes.page} data-testid="addons-page">
      <div className={classes.main}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {/* Five choices are wider than a phone: the bar scrolls sideways there. */}
          <ScrollArea type="never" maw="100%">
            <SegmentedControl
              size="xs"
              aria-label={t('Addons.Filter')}
              data-testid="things-filter"
              data={thingsFilterSchema.options.map((value) => ({
                value,
                label: t(`Addons.FilterOption.${value}`),
              }))}
              value={filter}
              onChange={(value) => {
                const parsed = thingsFilterSchema.safeParse(value);
                if (parsed.success) setFilter(parsed.data);
                setOpened(null);
              }}
            />
          </ScrollArea>
          <Text size="xs" c="dimmed" data-testid="addons-status" data-faults={faults}>
            {t('Addons.Status', { count: things.length, faults })}
          </Text>
        </Group>
        {sensors.isPending ? null : groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(things.length === 0 ? 'Addons.NoThings' : 'Addons.NoneMatch')}
          </Text>
        ) : (
          (list ?? cards)
        )}
        <WaterUsePanel areaId={area.id} enabled={sensors.isSuccess && controls.isSuccess} />
      </div>
      {isPhone ? (
        <PhoneDetail opened={selected !== null} onClose={() => select(null)}>
          {detail}
        </PhoneDetail>
      ) : (
        <aside className={classes.side}>{sidePanes}</aside>
      )}
    </div>
  );
}
