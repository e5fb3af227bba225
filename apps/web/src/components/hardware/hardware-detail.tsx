/**
 * The detail pane (§2 hardware list view "Detail") of one radio or unit: its state in the §9
 * colours, readings, last update, the radios it relays or is relayed by (§3 config.children),
 * its reporting interval (editable with `install`), a radio's devEUI (set by the site's admins), and a radio's ping (§7, polled every 5 s per
 * §9, with progress and result), its notes (§3 Note) and, for site admins and support staff,
 * its History (issue 33 item 3). Pages add sections below (e.g. history charts) through `sections`.
 */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ObjectHistory } from '../audit/object-history.tsx';
import { NotesPane } from '../notes/notes-pane.tsx';
import {
  HardwareDetailHeading,
  HardwareFacts,
  type HardwareFactsProps,
  HardwareRelays,
} from './hardware-detail-sections.tsx';
import type { HardwareItem } from './hardware-items.ts';
import { PingControl } from './radio-ping-control.tsx';

/** A section a page adds to the detail pane (the chart work adds battery, signal, misses). */
export interface HardwareDetailSection {
  readonly id: string;
  readonly render: (item: HardwareItem) => ReactNode;
}

export interface HardwareDetailProps extends HardwareFactsProps {
  /** §6 control: ping. */
  readonly canPing: boolean;
  readonly sections?: readonly HardwareDetailSection[];
}

export function HardwareDetail(props: HardwareDetailProps) {
  const { item, items, onSelect } = props;
  const { t } = useTranslation();
  return (
    <Stack
      gap="sm"
      aria-label={t('Hardware.Detail.Label', { serial: item.serialno })}
      component="section"
    >
      <HardwareDetailHeading item={item} />

      <HardwareFacts
        item={item}
        items={items}
        siteId={props.siteId}
        areaId={props.areaId}
        timeZone={props.timeZone}
        now={props.now}
        canInstall={props.canInstall}
        canSetDevEui={props.canSetDevEui}
        onSelect={onSelect}
      />

      <HardwareRelays item={item} items={items} onSelect={onSelect} />

      {item.kind === 'radio' && props.canPing && (
        <PingControl key={item.id} radioId={item.id} areaId={props.areaId} />
      )}

      {props.sections?.map((section) => (
        <div key={section.id}>{section.render(item)}</div>
      ))}

      <ObjectHistory
        key={`history/${item.kind}/${item.id}`}
        siteId={props.siteId}
        object={{ kind: item.kind, target: item.id }}
        timeZone={props.timeZone}
      />

      <NotesPane
        key={`${item.kind}/${item.id}`}
        siteId={props.siteId}
        areaId={props.areaId}
        target={{ type: item.kind, id: item.id }}
        timeZone={props.timeZone}
      />
    </Stack>
  );
}
