/** The Add-ons page's side pane: the selected thing's detail beside the area's events and alarms. */
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaAlarmsPane } from '../../../components/hardware/area-alarms-pane.tsx';
import { AreaEventsPane } from '../../../components/hardware/area-events-pane.tsx';

export type SidePane = 'Detail' | 'Events' | 'Alarms';

export function AddonsSidePanes({
  side,
  onSide,
  detail,
  siteId,
  areaId,
  timeZone,
}: {
  side: SidePane;
  onSide: (pane: SidePane) => void;
  detail: ReactNode;
  siteId: number;
  areaId: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <Tabs value={side} onChange={(value) => value && onSide(value as SidePane)} variant="pills">
      <Tabs.List aria-label={t('Hardware.SidePanes')} mb="xs">
        {(['Detail', 'Events', 'Alarms'] as const).map((pane) => (
          <Tabs.Tab key={pane} value={pane} size="xs">
            {t(`Hardware.Pane.${pane}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="Detail">{detail}</Tabs.Panel>
      <Tabs.Panel value="Events">
        <AreaEventsPane areaId={areaId} timeZone={timeZone} selected={null} />
      </Tabs.Panel>
      <Tabs.Panel value="Alarms">
        <AreaAlarmsPane siteId={siteId} areaId={areaId} selected={null} />
      </Tabs.Panel>
    </Tabs>
  );
}
