/**
 * The irrigation workspace (issue 6; §2 /{siteId}/irrigation/{areaId} and its zone pages): the
 * area map beside the program panel, or a zone page beside a map focused on the zone. One
 * instance serves both pages, so an action started on one is still followed on the other.
 */
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  CloseButton,
  Group,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { toggleSelection, zonePath, type Area, type ProgramSort, type Site } from '@paddock/domain';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePreference } from '../../../lib/preferences.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useControlTests } from '../hooks/use-control-tests.ts';
import { useIrrigationArea } from '../hooks/use-irrigation-area.ts';
import { useProgramActions } from '../hooks/use-program-actions.ts';
import { programView, runStateColour, type ZoneView } from '../irrigation-view.ts';
import {
  ALL_LAYERS,
  mapMarkers,
  mapZone,
  sameMapItem,
  type MapLayers,
  type MapMarker,
  type MapSelection,
} from '../map-layers.ts';
import classes from './irrigation-workspace.module.css';
import { MapLegend } from './map-legend.tsx';
import { ProgramPanel } from './program-panel.tsx';
import { StateBadge } from './state-badge.tsx';
import { ZonePage } from './zone-page.tsx';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';

// Leaflet and its CSS load only when an irrigation page shows.
const AreaMap = lazy(() => import('./area-map.tsx'));

/** From Mantine's md breakpoint the map sits beside the panel (irrigation-workspace.module.css). */
const WIDE_SCREEN = '(min-width: 62em)';

/** Times shown (remaining, colours that depend on end times) are renewed this often. */
const NOW_TICK_MS = 15_000;

export interface IrrigationWorkspaceProps {
  readonly site: Site;
  readonly area: Area;
  /** The zone page's section; undefined on the area page. */
  readonly sectionId?: number;
  /** The valve the zone page opens on (§2 `valve` query). */
  readonly valveId?: number;
  /** The user holds the program privilege on this area (§6): start, pause, resume, test, edits. */
  readonly canProgram: boolean;
  /** The user holds the control privilege: valve tests. */
  readonly canControl: boolean;
}

export function IrrigationWorkspace(props: IrrigationWorkspaceProps) {
  const { site, area, sectionId } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow(NOW_TICK_MS);
  // The legend starts open where it does not hide much of the map.
  const wide = useMediaQuery(WIDE_SCREEN, false, { getInitialValueInEffect: false });
  const data = useIrrigationArea(site.id, area.id, now);
  const actions = useProgramActions(data.program, area.id);
  const valveTests = useControlTests(area.id);
  const [sort, setSort] = usePreference('programSorting');
  const [layers, setLayers] = useState<MapLayers>(ALL_LAYERS);
  const routeSelection = (): MapSelection | null =>
    props.valveId === undefined ? null : { kind: 'valve', id: props.valveId };
  const [selection, setSelection] = useState<MapSelection | null>(routeSelection);
  // A new page (area, another zone, another valve query) starts from its own selection.
  const page = `${sectionId}/${props.valveId}`;
  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    setShownPage(page);
    setSelection(routeSelection());
  }
  const timeZone = useSiteTimeZone(site);

  const mapZones = useMemo(
    () => data.zones.map((zone) => mapZone(zone, data.shapes.get(zone.id))),
    [data.zones, data.shapes],
  );
  const markers = useMemo(
    () =>
      mapMarkers({
        valves: data.valves,
        units: data.units ?? [],
        radios: data.radios ?? [],
        areaId: area.id,
        layers,
      }),
    [data.valves, data.units, data.radios, area.id, layers],
  );

  const onSelect = useCallback(
    (item: MapSelection) => {
      // On a zone page another zone opens its own page; everything else toggles (§4).
      if (sectionId !== undefined && item.kind === 'zone') {
        if (item.id !== sectionId)
          void navigate(zonePath({ siteId: site.id, areaId: area.id, sectionId: item.id }));
        return;
      }
      setSelection((current) => toggleSelection(current, item, false, sameMapItem));
    },
    [navigate, sectionId, site.id, area.id],
  );
  const selectValve = useCallback((id: number) => setSelection({ kind: 'valve', id }), []);

  if (data.failed) {
    return (
      <Box p="md">
        <Alert color="fault" role="alert" title={t('Irrigation.LoadFailedTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('Irrigation.LoadFailed')}</Text>
            <Button size="xs" variant="white" onClick={data.retry}>
              {t('Common.Reload')}
            </Button>
          </Stack>
        </Alert>
      </Box>
    );
  }
  if (data.loading) {
    return (
      <Stack p="md" gap="md" aria-busy="true" aria-label={t('Common.Loading')}>
        <Skeleton h={320} />
        <Skeleton h={120} />
      </Stack>
    );
  }

  const zone = sectionId === undefined ? undefined : data.zones.find((z) => z.id === sectionId);
  const map = (
    <Suspense fallback={<Skeleton h="100%" radius={0} />}>
      <AreaMap
        label={t('Irrigation.Map.Label', { area: area.label })}
        bounds={area.settings.bounds ?? null}
        zones={mapZones}
        markers={markers}
        selection={selection}
        onSelect={onSelect}
        {...(sectionId === undefined ? {} : { focusZoneId: sectionId })}
      />
    </Suspense>
  );

  if (sectionId !== undefined) {
    return (
      <div className={`${classes.page} ${classes.zonePage}`}>
        <div className={classes.zoneMap}>{map}</div>
        <div className={classes.panel}>
          {zone ? (
            <ZonePage
              key={zone.id}
              zone={zone}
              program={data.program}
              actions={actions}
              valveTests={valveTests.states}
              onTestValve={valveTests.test}
              canProgram={props.canProgram}
              canControl={props.canControl}
              timeZone={timeZone}
              now={now}
              selectedValveId={selection?.kind === 'valve' ? selection.id : null}
              onSelectValve={selectValve}
            />
          ) : (
            <Alert color="warning" role="alert">
              {t('Irrigation.Zone.NotFound')}
            </Alert>
          )}
        </div>
      </div>
    );
  }

  const view = data.program ? programView(data.program, now, actions.pendingActivity) : null;
  return (
    <div className={classes.page}>
      <div className={classes.map}>
        {map}
        <div className={classes.overlayBottom}>
          <MapLegend layers={layers} onLayersChange={setLayers} defaultOpened={wide} />
        </div>
        {selection && (
          <div className={classes.overlayTop}>
            <SelectionCard
              selection={selection}
              zones={data.zones}
              markers={markers}
              siteId={site.id}
              areaId={area.id}
              onClose={() => setSelection(null)}
            />
          </div>
        )}
      </div>
      <div className={classes.panel}>
        {data.program && view ? (
          <ProgramPanel
            program={data.program}
            view={view}
            zones={data.zones}
            actions={actions}
            canProgram={props.canProgram}
            timeZone={timeZone}
            now={now}
            siteId={site.id}
            areaId={area.id}
            pumps={data.pumps}
            sort={sort}
            onSortChange={(next: ProgramSort) => setSort(next)}
          />
        ) : (
          <Alert color="info">{t('Irrigation.NoProgram')}</Alert>
        )}
      </div>
    </div>
  );
}

/** What the map selection is, with the way to its zone page. */
function SelectionCard({
  selection,
  zones,
  markers,
  siteId,
  areaId,
  onClose,
}: {
  selection: MapSelection;
  zones: readonly ZoneView[];
  markers: readonly MapMarker[];
  siteId: number;
  areaId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  let title: string;
  let body: ReactNode = null;
  let link: string | null = null;
  if (selection.kind === 'zone') {
    const zone = zones.find((candidate) => candidate.id === selection.id);
    title = zone?.label ?? t('Irrigation.Zone.Number', { number: selection.id });
    if (zone) {
      body = (
        <StateBadge colour={runStateColour(zone)} size="sm">
          {t(`Irrigation.RunState.${zone.runState}`)}
        </StateBadge>
      );
      link = zonePath({ siteId, areaId, sectionId: zone.id });
    }
  } else if (selection.kind === 'valve') {
    const zone = zones.find((candidate) => candidate.valves.some((v) => v.id === selection.id));
    const valve = zone?.valves.find((v) => v.id === selection.id);
    title = valve?.label ?? t('Irrigation.Valve.Number', { number: selection.id });
    if (valve) {
      body = (
        <Text size="xs">
          {t(`Irrigation.RunState.${valve.status}`)}
          {valve.excluded && ` · ${t('Irrigation.Valve.Excluded')}`}
          {valve.fault && ` · ${t('Irrigation.Zone.Fault')}`}
        </Text>
      );
    }
    if (zone) link = zonePath({ siteId, areaId, sectionId: zone.id, valveId: selection.id });
  } else {
    const marker = markers.find((m) => m.kind === selection.kind && m.id === selection.id);
    title = t(`Irrigation.Selection.${selection.kind}`, { label: marker?.label ?? selection.id });
  }
  return (
    <Card
      shadow="sm"
      padding="sm"
      withBorder
      aria-label={t('Irrigation.Selection.Title')}
      component="section"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} truncate>
          {title}
        </Text>
        <CloseButton size="sm" aria-label={t('Common.Close')} onClick={onClose} />
      </Group>
      {body}
      {link && (
        <Anchor component={Link} to={link} size="sm">
          {t('Irrigation.Selection.OpenZone')}
        </Anchor>
      )}
    </Card>
  );
}
