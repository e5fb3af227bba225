/**
 * The card over the irrigation map saying what is selected (a zone and its run state, and its
 * deficit while the Water balance layer is on; a valve and its status; another marker), with the
 * way to its zone page.
 */
import { Anchor, Card, CloseButton, Group, Text } from '@mantine/core';
import { zonePath, type ZoneWaterBalance } from '@paddock/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runStateColour, type ZoneView } from '../irrigation-view.ts';
import type { MapMarker, MapSelection } from '../map-layers.ts';
import { StateBadge } from './state-badge.tsx';

/** What the map selection is, with the way to its zone page. */
export function MapSelectionCard({
  selection,
  zones,
  markers,
  siteId,
  areaId,
  balances,
  onClose,
}: {
  selection: MapSelection;
  zones: readonly ZoneView[];
  markers: readonly MapMarker[];
  siteId: number;
  areaId: number;
  /** Each zone's water balance while that layer is on. */
  balances?: readonly ZoneWaterBalance[] | undefined;
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
      const balance = balances?.find((entry) => entry.section === zone.id);
      body = (
        <>
          <StateBadge colour={runStateColour(zone)} size="sm">
            {t(`Irrigation.RunState.${zone.runState}`)}
          </StateBadge>
          {balances && (
            <Text size="xs" data-testid="selection-water-balance">
              {balance
                ? t('Irrigation.WaterBalance.Depletion', {
                    depletion: balance.depletion,
                    percent: balance.percentOfRaw,
                  })
                : t('Irrigation.WaterBalanceLayer.NoBalance')}
            </Text>
          )}
        </>
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
