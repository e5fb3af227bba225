import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  deepLinkPath,
  type MaintenanceArea,
  type MaintenanceItem,
  type MaintenanceReason,
  type MaintenanceWorklist,
} from '@paddock/domain';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LastUpdate } from '../../../components/ui/last-update.tsx';
import { worklistCsv } from '../worklist-csv.ts';
import { offerDownload } from '../../../lib/offer-download.ts';
import classes from './worklist.module.css';
import { SitePageTitle } from '../../../components/ui/site-page-title.tsx';

/** The "within N days" choices of the predicted battery and signal needs. */
const WITHIN_DAYS_CHOICES = [7, 14, 30, 60, 90] as const;

/** §9 colours by reason: overdue and fault danger, the present warnings warning, predictions info. */
const REASON_COLOUR: Record<MaintenanceReason, string> = {
  overdue: 'fault',
  fault: 'fault',
  lowBattery: 'warning',
  manyMisses: 'warning',
  airtime: 'warning',
  weakSignal: 'warning',
  batterySoon: 'info',
  signalSoon: 'info',
};

/**
 * The maintenance worklist page (issue 12; docs/maintenance.md): every radio and unit of the site
 * that needs a visit, grouped by area, most urgent first, with a "within N days" choice, a csv
 * download and a print layout.
 */
export function WorklistView({
  siteId,
  siteLabel,
  list,
  withinDays,
  onWithinDaysChange,
  now,
}: {
  siteId: number;
  siteLabel: string;
  list: MaintenanceWorklist;
  withinDays: number;
  onWithinDaysChange: (days: number) => void;
  now: Date;
}) {
  const { t } = useTranslation();
  const count = list.areas.reduce((sum, group) => sum + group.items.length, 0);

  const download = () => {
    const csv = worklistCsv(list, {
      heading: (column) => t(`Maintenance.Column.${column}`),
      reason: (reason) => t(`Maintenance.Reason.${reason}`),
      noArea: t('Maintenance.NoArea'),
      kind: (kind) => t(`Maintenance.Kind.${kind}`),
    });
    offerDownload(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      `maintenance-${siteId}-${list.generatedAt.slice(0, 10)}.csv`,
    );
  };

  return (
    <Stack gap="md" p="md" className={classes.page}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <SitePageTitle siteLabel={siteLabel} title={t('Maintenance.Title')}>
          <Text size="sm">{t('Maintenance.Count', { count })}</Text>
        </SitePageTitle>
        <Group gap="sm" align="flex-end" className={classes.noPrint}>
          <NativeSelect
            label={t('Maintenance.WithinDays')}
            value={String(withinDays)}
            onChange={(event) => onWithinDaysChange(Number(event.currentTarget.value))}
            data={WITHIN_DAYS_CHOICES.map((days) => ({
              value: String(days),
              label: t('Maintenance.Days', { count: days }),
            }))}
          />
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
            {t('Maintenance.DownloadCsv')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
          >
            {t('Maintenance.Print')}
          </Button>
        </Group>
      </Group>

      {count === 0 && (
        <Card withBorder padding="lg">
          <Text>{t('Maintenance.Empty')}</Text>
        </Card>
      )}

      {list.areas.map((group) => (
        <AreaGroup key={group.area?.id ?? 'none'} siteId={siteId} group={group} now={now} />
      ))}
    </Stack>
  );
}

function AreaGroup({ siteId, group, now }: { siteId: number; group: MaintenanceArea; now: Date }) {
  const { t } = useTranslation();
  const title = group.area?.label ?? t('Maintenance.NoArea');
  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-label={title}
      className={classes.group}
      data-testid="worklist-area"
    >
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      <div className={classes.table}>
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Maintenance.Column.serialno')}</Table.Th>
                <Table.Th>{t('Maintenance.Column.zone')}</Table.Th>
                <Table.Th>{t('Maintenance.Column.reasons')}</Table.Th>
                <Table.Th>{t('Maintenance.Column.battery')}</Table.Th>
                <Table.Th>{t('Maintenance.Column.signal')}</Table.Th>
                <Table.Th>{t('Maintenance.Column.misses')}</Table.Th>
                <Table.Th>{t('Maintenance.Column.lastUpdate')}</Table.Th>
                <Table.Th>{t('Maintenance.Column.reportInterval')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.items.map((item) => (
                <Table.Tr key={`${item.kind}-${item.id}`} data-testid="worklist-row">
                  <Table.Td className={classes.device}>
                    <DeviceName siteId={siteId} areaId={group.area?.id ?? null} item={item} />
                  </Table.Td>
                  <Table.Td>{item.section?.label ?? '–'}</Table.Td>
                  <Table.Td>
                    <Reasons item={item} />
                  </Table.Td>
                  <Table.Td>
                    <Battery item={item} />
                  </Table.Td>
                  <Table.Td>
                    <Signal item={item} />
                  </Table.Td>
                  <Table.Td>{item.missesValue ?? '–'}</Table.Td>
                  <Table.Td>
                    <LastUpdate
                      at={item.lastUpdate}
                      now={now}
                      c={item.overdue ? 'fault' : 'dimmed'}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Interval seconds={item.reportIntervalSeconds} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
      <Stack gap="xs" className={classes.cards}>
        {group.items.map((item) => (
          <Card key={`${item.kind}-${item.id}`} withBorder padding="xs" data-testid="worklist-card">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <DeviceName siteId={siteId} areaId={group.area?.id ?? null} item={item} />
                <Text size="xs" c="dimmed">
                  {item.section?.label ?? ''}
                </Text>
              </Group>
              <Reasons item={item} />
              <Field label={t('Maintenance.Column.battery')}>
                <Battery item={item} />
              </Field>
              <Field label={t('Maintenance.Column.signal')}>
                <Signal item={item} />
              </Field>
              <LastUpdate at={item.lastUpdate} now={now} c={item.overdue ? 'fault' : 'dimmed'} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" w={60}>
        {label}
      </Text>
      <div>{children}</div>
    </Group>
  );
}

function DeviceName({
  siteId,
  areaId,
  item,
}: {
  siteId: number;
  areaId: number | null;
  item: MaintenanceItem;
}) {
  const { t } = useTranslation();
  const name = (
    <Text span fw={600} size="sm" c={item.overdue || item.fault ? 'fault' : undefined}>
      {item.serialno}
    </Text>
  );
  return (
    <Group gap={6} wrap="nowrap">
      {areaId === null ? (
        name
      ) : (
        <Anchor
          component={Link}
          to={deepLinkPath({ siteId, areaId, type: item.kind, target: item.id })}
          underline="hover"
        >
          {name}
        </Anchor>
      )}
      <Text span size="xs" c="dimmed">
        {item.type ?? t('Maintenance.Kind.unit')}
      </Text>
    </Group>
  );
}

/** A report interval in seconds below 2 minutes, else in minutes. */
function Interval({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return seconds < 120
    ? t('Maintenance.Seconds', { count: seconds })
    : t('Maintenance.Minutes', { count: Math.round(seconds / 60) });
}

function Reasons({ item }: { item: MaintenanceItem }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Group gap={4}>
        {item.reasons.map((reason) => (
          <Badge
            key={reason}
            size="sm"
            variant="filled"
            color={REASON_COLOUR[reason]}
            // The §9 warning yellow is too light for white text.
            c={REASON_COLOUR[reason] === 'warning' ? 'dark' : 'white'}
          >
            {t(`Maintenance.Reason.${reason}`)}
          </Badge>
        ))}
      </Group>
      {item.reasons.includes('airtime') && item.airtime && (
        <Text size="xs" c="dimmed">
          {t('Maintenance.AirtimeUse', {
            used: Math.round(item.airtime.usedSeconds),
            projected: Math.round(item.airtime.projectedSeconds),
            limit: item.airtime.limitSeconds,
          })}
        </Text>
      )}
    </Stack>
  );
}

function Battery({ item }: { item: MaintenanceItem }) {
  const { t, i18n } = useTranslation();
  const trend = item.battery;
  const warning = trend?.crossings[0];
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' }).format(
      new Date(iso),
    );
  return (
    <Stack gap={0}>
      <Text size="sm">
        {item.batteryValue === null ? '–' : `${item.batteryValue.toFixed(2)} V`}
      </Text>
      {trend?.state === 'falling' && warning?.at && (
        <Text size="xs" c="dimmed">
          {t('Maintenance.BatteryBy', {
            date: date(warning.at),
            confidence: t(`Maintenance.Confidence.${trend.confidence ?? 'low'}`),
          })}
        </Text>
      )}
      {trend?.state === 'falling' && trend.slopePerDay !== null && (
        <Text size="xs" c="dimmed">
          {t('Maintenance.PerDay', { value: `${(trend.slopePerDay * 1000).toFixed(1)} mV` })}
        </Text>
      )}
    </Stack>
  );
}

function Signal({ item }: { item: MaintenanceItem }) {
  const { t, i18n } = useTranslation();
  const weakAt = item.signal?.state === 'falling' ? item.signal.crossings[0]?.at : null;
  return (
    <Stack gap={0}>
      <Text size="sm">{item.signalValue === null ? '–' : `${item.signalValue} dBm`}</Text>
      {weakAt && (
        <Text size="xs" c="dimmed">
          {t('Maintenance.SignalBy', {
            date: new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' }).format(
              new Date(weakAt),
            ),
          })}
        </Text>
      )}
    </Stack>
  );
}
