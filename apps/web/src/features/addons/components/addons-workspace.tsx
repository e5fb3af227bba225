/**
 * The Add-ons page (§2 /{siteId}/addons/{areaId}, also /things/{areaId}; issue 14): the area's
 * soil probes, water meters, tanks, pressure, power, rain gauges, pumps and pivot as cards by
 * type, each card showing ADDON_DEVICE_LIMIT things (faults first) and opening to a list of
 * ADDON_LIST_LIMIT a page; the §9 things filter (remembered as thingsFilter); live values polled;
 * the selected thing (query thing={id}&type={type}, §2) in the side pane with its charts, beside
 * the area's events and alarms (the hardware views' panes); and water used per zone.
 */
import { Alert, Group, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  filterThings,
  thingCondition,
  thingsFilterSchema,
  type AddonsRoute,
  type Area,
  type Site,
  type ThingsRoute,
  type ThingType,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaPrograms } from '../../../data/programs/get-area-programs.ts';
import { ThingCards, ThingList, type ThingRowChoice } from './addon-thing-cards.tsx';
import classes from './addons.module.css';
import { AddonsSidePanes } from './addons-side-panes.tsx';
import { ThingDetail } from './thing-detail.tsx';
import { useAddonThings } from './use-addon-things.ts';
import { WaterUsePanel } from './water-use-panel.tsx';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';
import { PhoneDetail } from '../../../components/hardware/phone-detail.tsx';

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
  const { now, sensors, controls, filter, setFilter, things, groups, selected, select, ...panes } =
    useAddonThings(site, area, route);
  const programs = useAreaPrograms(area.id);
  const [opened, setOpened] = useState<{ type: ThingType; page: number } | null>(null);
  const timeZone = useSiteTimeZone(site);

  if (sensors.isError && !sensors.data) {
    return (
      <Stack p="md">
        <Alert color="fault" role="alert" title={t('Addons.LoadFailedTitle')}>
          {t('Addons.LoadFailed')}
        </Alert>
      </Stack>
    );
  }

  const choice: ThingRowChoice = { selected, select, now };
  const openedGroup = opened ? groups.find((group) => group.type === opened.type) : undefined;
  const openedThings = openedGroup
    ? filterThings(things, filter, now).filter((thing) => thing.type === openedGroup.type)
    : [];

  const cards = (
    <ThingCards
      groups={groups}
      choice={choice}
      onShowAll={(type) => setOpened({ type, page: 1 })}
    />
  );

  const list = openedGroup && opened && (
    <ThingList
      type={openedGroup.type}
      things={openedThings}
      page={opened.page}
      choice={choice}
      onPage={(page) => setOpened({ type: openedGroup.type, page })}
      onClose={() => setOpened(null)}
    />
  );

  const detail = selected ? (
    <ThingDetail
      thing={selected}
      siteId={site.id}
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
        <aside className={classes.side}>
          <AddonsSidePanes
            side={panes.side}
            onSide={panes.setSide}
            detail={detail}
            siteId={site.id}
            areaId={area.id}
            timeZone={timeZone}
          />
        </aside>
      )}
    </div>
  );
}
