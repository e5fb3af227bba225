/**
 * The hardware views, built once (issue 12; §2 hardware list views): a list with sort and filter,
 * a map with the §9 marker scales, a detail pane, the area's events and alarms, and whatever
 * panes a page adds (the Chart). Telemetry uses them now; add-ons, weather and frost compose the
 * same component with their own panes and preference.
 *
 *   <HardwareViews site={site} area={area} radios={radios} units={units} sections={sections}
 *     selection={selection} onSelectionChange={select} canPing canInstall canSetDevEui isPhone={isPhone}
 *     panes={[...DEFAULT_HARDWARE_PANES, CHART_PANE]} />
 *
 * The selection is the page's (it comes from the URL: `?radio={id}`, `?unit={id}`, the detail
 * segments), so a deep link opens with the device selected. Filter and sort are remembered
 * (§3 hardwareFilter, hardwareSort with hardwareSorting), and so is each pane choice
 * (`mainPanePreference`: telemetryPane or modulePane; the side pane: telemetryHardwarePane).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLastUpdate } from '../../lib/format-last-update.ts';
import { renderHardwarePane, type HardwarePaneDrawing } from './hardware-pane-body.tsx';
import { PaneTabs } from './hardware-pane-tabs.tsx';
import { DETAIL_PANE_ID, paneOrDefault, type HardwarePane } from './hardware-panes.tsx';
import classes from './hardware-views.module.css';
import { PhoneDetail } from './phone-detail.tsx';
import { useHardwareViews, type HardwareViewsProps } from './use-hardware-views.ts';

export type { HardwareViewsProps } from './use-hardware-views.ts';

export function HardwareViews(props: HardwareViewsProps) {
  const { selection, isPhone } = props;
  const { t, i18n } = useTranslation();
  const views = useHardwareViews(props);
  const { panes, loading, context, status, main, side } = views;
  const selected = context.selected;
  const drawing: HardwarePaneDrawing = {
    context,
    list: views.list,
    selection,
    toggle: views.toggle,
    canPing: props.canPing,
    canInstall: props.canInstall,
    canSetDevEui: props.canSetDevEui,
    detailSections: props.detailSections,
    nothingSelected: t('Hardware.Detail.Nothing'),
  };
  const renderPane = (pane: HardwarePane | undefined) => renderHardwarePane(pane, drawing);

  const statusLine = loading ? undefined : (
    <Text size="xs" c="dimmed" data-testid="hardware-status" data-faults={status.faults}>
      {t('Hardware.Status', {
        when: formatLastUpdate(status.lastUpdate, i18n.language),
        count: status.faults,
      })}
    </Text>
  );

  if (isPhone) {
    // One bar: the list first, the map on demand, then the other panes; the detail full screen.
    const phonePanes = panes.filter((pane) => pane.id !== DETAIL_PANE_ID);
    const current = paneOrDefault(phonePanes, props.routePane ?? views.mainStored, 'any');
    return (
      <div className={classes.page}>
        <div className={classes.main}>
          <PaneTabs
            panes={phonePanes}
            value={current?.id}
            onChange={(id) => views.setMainStored(id)}
            label={t('Hardware.Panes')}
            extra={statusLine}
          />
          <div className={classes.paneBody}>
            {current?.placement === 'side' ? (
              <div className={classes.sideBody}>{renderPane(current)}</div>
            ) : (
              renderPane(current)
            )}
          </div>
        </div>
        <PhoneDetail opened={selected !== null} onClose={() => context.select(null)}>
          {renderPane(panes.find((pane) => pane.id === DETAIL_PANE_ID))}
        </PhoneDetail>
      </div>
    );
  }

  return (
    <div className={classes.page}>
      <div className={classes.main}>
        <PaneTabs
          panes={panes.filter((pane) => pane.placement === 'main')}
          value={main?.id}
          onChange={(id) => views.setMainStored(id)}
          label={t('Hardware.MainPanes')}
          extra={statusLine}
        />
        <div className={classes.paneBody}>{renderPane(main)}</div>
      </div>
      <aside className={classes.side}>
        <PaneTabs
          panes={panes.filter((pane) => pane.placement === 'side')}
          value={side?.id}
          onChange={views.chooseSide}
          label={t('Hardware.SidePanes')}
        />
        <div className={classes.sideBody}>{renderPane(side)}</div>
      </aside>
    </div>
  );
}
