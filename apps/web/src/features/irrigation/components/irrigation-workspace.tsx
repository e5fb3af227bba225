/**
 * The irrigation workspace (issue 6; §2 /{siteId}/irrigation/{areaId} and its zone pages): the
 * area map beside the program panel, or a zone page beside a map focused on the zone. One
 * instance serves both pages, so an action started on one is still followed on the other.
 */
import { Alert, Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { Area, ProgramSort, Site } from '@paddock/domain';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../lib/preferences.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useControlTests } from '../hooks/use-control-tests.ts';
import { useIrrigationArea } from '../hooks/use-irrigation-area.ts';
import { useProgramActions } from '../hooks/use-program-actions.ts';
import { programView } from '../irrigation-view.ts';
import type { IrrigationPanelProps } from './irrigation-panel.ts';
import classes from './irrigation-workspace.module.css';
import { MapLegend } from './map-legend.tsx';
import { MapSelectionCard } from './map-selection-card.tsx';
import { ProgramPanel } from './program-panel.tsx';
import { ZonePage } from './zone-page.tsx';
import { useIrrigationMap } from './use-irrigation-map.ts';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';
import { IrrigationHistoryCard } from './irrigation-history-card.tsx';
import { NotesPane } from '../../../components/notes/notes-pane.tsx';

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
  /** The user holds edit on the area: zones are renamed on their pages. */
  readonly canEdit: boolean;
  /** The user reads the site's audit log: the program and zone panes show their history. */
  readonly canReadAudit: boolean;
}

export function IrrigationWorkspace(props: IrrigationWorkspaceProps) {
  const { site, area, sectionId } = props;
  const { t } = useTranslation();
  const now = useNow(NOW_TICK_MS);
  // The legend starts open where it does not hide much of the map.
  const wide = useMediaQuery(WIDE_SCREEN, false, { getInitialValueInEffect: false });
  const data = useIrrigationArea(site.id, area.id, now);
  const actions = useProgramActions(data.program, area.id);
  const valveTests = useControlTests(area.id);
  const [sort, setSort] = usePreference('programSorting');
  const irrigationMap = useIrrigationMap({ site, area, sectionId, valveId: props.valveId, data });
  const { layers, setLayers, selection, setSelection, mapZones, markers, onSelect, selectValve } =
    irrigationMap;
  const timeZone = useSiteTimeZone(site);
  const panelProps: IrrigationPanelProps = {
    siteId: site.id,
    areaId: area.id,
    timeZone,
    now,
    actions,
    canProgram: props.canProgram,
    canReadAudit: props.canReadAudit,
  };

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
              {...panelProps}
              zone={zone}
              program={data.program}
              valveTests={valveTests.states}
              onTestValve={valveTests.test}
              canControl={props.canControl}
              canEdit={props.canEdit}
              selectedValveId={selection?.kind === 'valve' ? selection.id : null}
              onSelectValve={selectValve}
            />
          ) : (
            <Alert color="warning" role="alert">
              {t('Irrigation.Zone.NotFound')}
            </Alert>
          )}
          {zone && (
            <IrrigationHistoryCard
              key={`zone-${zone.id}`}
              areaId={area.id}
              section={zone.id}
              timeZone={timeZone}
            />
          )}
          {zone && (
            <NotesPane
              key={`notes-${zone.id}`}
              siteId={site.id}
              areaId={area.id}
              target={{ type: 'section', id: zone.id }}
              timeZone={timeZone}
            />
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
            <MapSelectionCard
              selection={selection}
              zones={data.zones}
              markers={markers}
              siteId={site.id}
              areaId={area.id}
              balances={irrigationMap.balances}
              onClose={() => setSelection(null)}
            />
          </div>
        )}
      </div>
      <div className={classes.panel}>
        {data.program && view ? (
          <ProgramPanel
            {...panelProps}
            program={data.program}
            view={view}
            zones={data.zones}
            pumps={data.pumps}
            sort={sort}
            onSortChange={(next: ProgramSort) => setSort(next)}
          />
        ) : (
          <Alert color="info">{t('Irrigation.NoProgram')}</Alert>
        )}
        {/* Keyed apart from the zone page's, so a zoom does not carry over between them. */}
        <IrrigationHistoryCard key="area" areaId={area.id} timeZone={timeZone} />
      </div>
    </div>
  );
}
