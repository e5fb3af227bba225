/**
 * The Add-ons page's data: the area's sensors and controls as things (live values polled), grouped
 * by type under the remembered §9 things filter, and the thing the route selects (query
 * thing={id}&type={type}, §2), which selecting changes.
 */
import {
  addonsPath,
  filterThings,
  groupThings,
  type AddonsRoute,
  type Area,
  type Site,
  type ThingsRoute,
} from '@paddock/domain';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAreaControls } from '../../../data/controls/get-area-controls.ts';
import { useAreaSensors } from '../../../data/sensors/get-area-sensors.ts';
import { usePreference } from '../../../lib/preferences.ts';
import { useNow } from '../../../lib/use-now.ts';
import { areaThings, type PageThing } from '../things.ts';
import type { SidePane } from './addons-side-panes.tsx';

/** Live values: the field reports every few minutes, so a 15 s poll shows each report soon. */
const ADDONS_REFRESH_MS = 15_000;

export function useAddonThings(site: Site, area: Area, route: AddonsRoute | ThingsRoute) {
  const navigate = useNavigate();
  const now = useNow(ADDONS_REFRESH_MS);
  const sensors = useAreaSensors(area.id, { refetchInterval: ADDONS_REFRESH_MS });
  const controls = useAreaControls(area.id, { refetchInterval: ADDONS_REFRESH_MS });
  const [filter, setFilter] = usePreference('thingsFilter');
  const [side, setSide] = useState<SidePane>('Detail');

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

  return {
    now,
    sensors,
    controls,
    filter,
    setFilter,
    things,
    groups,
    selected,
    select,
    side,
    setSide,
  };
}
