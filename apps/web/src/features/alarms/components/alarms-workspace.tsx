/**
 * The alarms pages (§2): /{siteId}/{areaId}/alarms[/{alarmId}] for one area, and
 * /{siteId}/{module}/alarms for every area of a module. Tabs: the alarms (list or one alarm),
 * the site's contacts, its escalation roster, and the messages sent. An area page carries the
 * area's two switches (alarms active, snoozed).
 */
import { Alert, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { alarmsPath, type Alarm, type Area, type Site } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaAlarms } from '../../../data/alarms/get-area-alarms.ts';
import { useSiteNotifications } from '../../../data/alarms/get-notification-log.ts';
import { useSiteContacts } from '../../../data/contacts/get-site-contacts.ts';
import { useAreaRadios } from '../../../data/radios/get-area-radios.ts';
import { useAreaSensors } from '../../../data/sensors/get-area-sensors.ts';
import { useSiteUnits } from '../../../data/sites/get-site-units.ts';
import { AlarmDetail } from './alarm-detail.tsx';
import { AlarmFormModal } from './alarm-form-modal.tsx';
import { AlarmList, type AlarmsPageProps } from './alarm-list.tsx';
import { AreaAlarmSwitches } from './area-alarm-switches.tsx';
import { ContactsPanel } from './contacts-panel.tsx';
import { NotificationLog } from './notification-log.tsx';
import { RosterPanel } from './roster-panel.tsx';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';

/** Decision: an alarms page reads its alarms every 10 s, so a raise shows without a reload. */
const ALARMS_REFRESH_MS = 10_000;

type WorkspaceTab = 'alarms' | 'contacts' | 'roster' | 'messages';

export interface AlarmsWorkspaceProps {
  readonly site: Site;
  /** The areas shown: the one of an area page, or the module's. */
  readonly areas: readonly Area[];
  /** An area page (with its switches) rather than a module's overview. */
  readonly areaPage: boolean;
  readonly alarmId?: number;
  readonly canEdit: boolean;
}

export function AlarmsWorkspace({ site, areas, areaPage, alarmId, canEdit }: AlarmsWorkspaceProps) {
  const { t } = useTranslation();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const [tab, setTab] = useState<WorkspaceTab>('alarms');
  const contacts = useSiteContacts(site.id);
  const timeZone = useSiteTimeZone(site);
  const first = areas[0];

  return (
    <Stack p={{ base: 'xs', sm: 'md' }} gap="md" maw={1200}>
      <Tabs
        value={tab}
        onChange={(value) => value && setTab(value as WorkspaceTab)}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="alarms">{t('Alarms.Tab.Alarms')}</Tabs.Tab>
          <Tabs.Tab value="contacts">{t('Alarms.Tab.Contacts')}</Tabs.Tab>
          <Tabs.Tab value="roster">{t('Alarms.Tab.Roster')}</Tabs.Tab>
          <Tabs.Tab value="messages">{t('Alarms.Tab.Messages')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="alarms" pt="md">
          <Stack gap="lg">
            {areas.map((area) => (
              <AreaAlarms
                key={area.id}
                site={site}
                area={area}
                showTitle={!areaPage}
                showSwitches={areaPage}
                alarmId={areaPage ? alarmId : undefined}
                canEdit={canEdit}
                compact={compact}
                timeZone={timeZone}
              />
            ))}
            {areas.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('Alarms.NoAreas')}
              </Text>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="contacts" pt="md">
          {contacts.isPending ? (
            <Skeleton h={120} aria-label={t('Common.Loading')} />
          ) : contacts.isError && !contacts.data ? (
            <Text size="sm">{t('Alarms.Contacts.LoadFailed')}</Text>
          ) : (
            <ContactsPanel
              siteId={site.id}
              contacts={contacts.data}
              testAreaId={first?.id}
              country={site.tags.country}
              canEdit={canEdit}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="roster" pt="md">
          <RosterPanel siteId={site.id} contacts={contacts.data ?? []} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="md">
          <SiteMessages siteId={site.id} timeZone={timeZone} compact={compact} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function SiteMessages({
  siteId,
  timeZone,
  compact,
}: {
  siteId: number;
  timeZone: string;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const log = useSiteNotifications(siteId);
  if (log.isPending) return <Skeleton h={120} aria-label={t('Common.Loading')} />;
  if (log.isError && !log.data) return <Text size="sm">{t('Alarms.Log.LoadFailed')}</Text>;
  return <NotificationLog entries={log.data} timeZone={timeZone} compact={compact} />;
}

function AreaAlarms({
  site,
  area,
  showTitle,
  showSwitches,
  alarmId,
  canEdit,
  compact,
  timeZone,
}: {
  site: Site;
  area: Area;
  showTitle: boolean;
  showSwitches: boolean;
  alarmId: number | undefined;
  canEdit: boolean;
  compact: boolean;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const alarms = useAreaAlarms(area.id, { refetchIntervalMs: ALARMS_REFRESH_MS });
  const sensors = useAreaSensors(area.id);
  const radios = useAreaRadios(area.id);
  const units = useSiteUnits(site.id);
  const contacts = useSiteContacts(site.id);
  const [editing, setEditing] = useState<Alarm | 'new' | null>(null);
  const areaUnits = (units.data ?? []).filter((unit) => unit.areas.includes(area.id));
  const alarm =
    alarmId === undefined ? undefined : alarms.data?.find((entry) => entry.id === alarmId);
  const pageProps: AlarmsPageProps = {
    siteId: site.id,
    areaId: area.id,
    sensors: sensors.data ?? [],
    canEdit,
    compact,
  };

  return (
    <Stack gap="sm" component="section" aria-label={t('Alarms.AreaAlarms', { area: area.label })}>
      {showTitle && (
        <Title order={3} size="h5">
          {area.label}
        </Title>
      )}
      {showSwitches && <AreaAlarmSwitches siteId={site.id} area={area} canEdit={canEdit} />}
      {alarms.isPending ? (
        <Skeleton h={120} aria-label={t('Common.Loading')} />
      ) : alarms.isError && !alarms.data ? (
        <Alert color="fault" role="alert">
          {t('Hardware.Alarms.LoadFailed')}
        </Alert>
      ) : alarmId !== undefined ? (
        alarm ? (
          <AlarmDetail
            {...pageProps}
            alarm={alarm}
            contacts={contacts.data ?? []}
            timeZone={timeZone}
            onEdit={() => setEditing(alarm)}
          />
        ) : (
          <Alert color="warning" role="alert">
            <Group gap="xs">
              <Text size="sm">{t('Alarms.NotFound')}</Text>
              <Button
                size="compact-xs"
                variant="white"
                component="a"
                href={alarmsPath({ siteId: site.id, areaId: area.id })}
              >
                {t('Alarms.BackToList')}
              </Button>
            </Group>
          </Alert>
        )
      ) : (
        <>
          {canEdit && (
            <Group justify="flex-end">
              <Button size="xs" onClick={() => setEditing('new')}>
                {t('Alarms.New')}
              </Button>
            </Group>
          )}
          <AlarmList {...pageProps} alarms={alarms.data} />
        </>
      )}
      {editing !== null && (
        <AlarmFormModal
          area={area}
          {...(editing === 'new' ? {} : { alarm: editing })}
          sensors={sensors.data ?? []}
          radios={radios.data ?? []}
          units={areaUnits}
          contacts={contacts.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
