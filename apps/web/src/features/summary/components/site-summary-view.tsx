import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  alarmsPath,
  areaPagePath,
  maintenancePath,
  reportsPath,
  type AreaSummary,
  type SiteSummary,
  type SummaryHardwareCounts,
} from '@paddock/domain';
import { IconArrowRight, IconReportAnalytics, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LastUpdate } from '../../../components/ui/last-update.tsx';
import { AREA_HEALTH_COLOURS, areaHealth, programGlance, shownAreaType } from '../area-status.ts';
import { SummaryKinds } from './summary-kinds.tsx';
import { SitePageTitle } from '../../../components/ui/site-page-title.tsx';
import { ColourDot } from '../../../components/ui/colour-dot.tsx';

/**
 * The site summary page (§2 {siteId}/summary): the site's hardware totals, the §3 summary kinds
 * it has data for (weather and soil), and one card per area with its type, status colour, program
 * activity, hardware counts and last update, linking to the area's page; the site's map (when
 * given) below the totals.
 */
export function SiteSummaryView({
  siteId,
  siteLabel,
  summary,
  now,
  map,
}: {
  siteId: number;
  siteLabel: string;
  summary: SiteSummary;
  now: Date;
  /** The site's map (§2 map views: site). */
  map?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" p="md" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <SitePageTitle siteLabel={siteLabel} title={t('SiteSummary.Title')} />
        <Group gap="md" wrap="wrap">
          <Anchor component={Link} to={reportsPath(siteId)} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconReportAnalytics size={16} aria-hidden />
              {t('SiteSummary.Reports')}
            </Group>
          </Anchor>
          <Anchor component={Link} to={maintenancePath(siteId)} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconTool size={16} aria-hidden />
              {t('SiteSummary.Maintenance')}
            </Group>
          </Anchor>
        </Group>
      </Group>

      <Card withBorder padding="sm" component="section" aria-label={t('SiteSummary.SiteTotals')}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <HardwareCounts counts={summary.hardware} />
          <LastUpdate at={summary.lastUpdate} now={now} />
        </Group>
      </Card>

      {map}

      <SummaryKinds kinds={summary.kinds} now={now} />

      {summary.areas.length === 0 && <Text c="dimmed">{t('SiteSummary.NoAreas')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {summary.areas.map((area) => (
          <AreaCard key={area.area} siteId={siteId} area={area} now={now} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function AreaCard({ siteId, area, now }: { siteId: number; area: AreaSummary; now: Date }) {
  const { t } = useTranslation();
  const health = areaHealth(area);
  const type = shownAreaType(area.type);
  const program = programGlance(area.program, now);
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={area.label}
      style={{ borderLeft: `6px solid ${AREA_HEALTH_COLOURS[health]}` }}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} size="h4">
              {area.label}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color="gray">
                {t(`SiteSummary.AreaType.${type}`)}
              </Badge>
              <Badge
                color={health === 'unknown' ? 'gray' : health === 'normal' ? 'irrigated' : health}
                autoContrast
              >
                {t(`SiteSummary.Health.${health}`)}
              </Badge>
            </Group>
          </Stack>
        </Group>

        <Group gap="xs" wrap="nowrap">
          {program && (
            <ColourDot colour={program.colour} size={10} border="1px solid rgba(0,0,0,.2)" />
          )}
          <Text size="sm" c={program ? undefined : 'dimmed'}>
            {area.program && program
              ? t('SiteSummary.Program', {
                  name: area.program.name,
                  activity: t(`ProgramDisplay.${program.display}`),
                })
              : t('SiteSummary.NoProgram')}
          </Text>
        </Group>

        <Group gap="md" wrap="wrap" style={{ rowGap: 4 }}>
          <Count label={t('SiteSummary.Zones', { count: area.zones })} value={area.zones} />
          <Count
            label={t('SiteSummary.OpenEvents', { count: area.openEvents })}
            value={area.openEvents}
          />
          <Count
            label={t('SiteSummary.ActiveAlarms', { count: area.activeAlarms })}
            value={area.activeAlarms}
          />
        </Group>

        {area.frost && <FrostGlance frost={area.frost} />}
        <HardwareCounts counts={area.hardware} />
        <LastUpdate at={area.lastUpdate} now={now} />

        <Group justify="space-between" mt="auto" wrap="wrap">
          <Anchor
            component={Link}
            // Back from the alarms returns here (§2 path builder's from).
            to={alarmsPath({ siteId, areaId: area.area, from: 'summary' })}
            size="sm"
          >
            {t('SiteSummary.Alarms')}
          </Anchor>
          <Anchor
            component={Link}
            to={areaPagePath(siteId, { id: area.area, type: area.type })}
            fw={600}
            aria-label={t('SiteSummary.OpenArea', { area: area.label })}
          >
            <Group gap={4} wrap="nowrap">
              {t('SiteSummary.Open')}
              <IconArrowRight size={16} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A frost area's frost summary (issue 15): fans running now, the coldest canopy and where, the
 * minutes below 0 °C tonight, the lowest fuel and the fans in fault.
 */
function FrostGlance({ frost }: { frost: NonNullable<AreaSummary['frost']> }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  return (
    <Stack gap={2} data-testid="summary-frost">
      <Text size="sm" fw={600} c={frost.fansRunning > 0 ? 'blue' : undefined}>
        {t('SiteSummary.FansRunning', { running: frost.fansRunning, fans: frost.fans })}
      </Text>
      {frost.coldestCanopy && (
        <Text size="sm" c={frost.coldestCanopy.value < 0 ? 'red' : undefined}>
          {t('SiteSummary.ColdestCanopy', {
            value: number(frost.coldestCanopy.value),
            where: frost.coldestCanopy.label,
          })}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('SiteSummary.BelowZeroTonight', { count: frost.minutesBelowZeroTonight })}
        {frost.lowestFuel
          ? ` · ${t('SiteSummary.LowestFuel', { value: number(frost.lowestFuel.value) })}`
          : ''}
      </Text>
      {frost.fansFault > 0 && (
        <Text size="sm" c="red">
          {t('Frost.Summary.Faults', { count: frost.fansFault })}
        </Text>
      )}
    </Stack>
  );
}

function HardwareCounts({ counts }: { counts: SummaryHardwareCounts }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group gap="md" wrap="wrap" style={{ rowGap: 4 }}>
        <Count label={t('SiteSummary.Radios', { count: counts.radios })} value={counts.radios} />
        <Count label={t('SiteSummary.Units', { count: counts.units })} value={counts.units} />
        <Count label={t('SiteSummary.Sensors', { count: counts.sensors })} value={counts.sensors} />
        <Count
          label={t('SiteSummary.Controls', { count: counts.controls })}
          value={counts.controls}
        />
      </Group>
      <Group gap={6} wrap="wrap">
        <Badge
          color={counts.faults > 0 ? 'fault' : 'gray'}
          variant={counts.faults > 0 ? 'filled' : 'light'}
        >
          {t('SiteSummary.Faults', { count: counts.faults })}
        </Badge>
        <Badge
          color={counts.warnings > 0 ? 'warning' : 'gray'}
          variant={counts.warnings > 0 ? 'filled' : 'light'}
          autoContrast
        >
          {t('SiteSummary.Warnings', { count: counts.warnings })}
        </Badge>
        <Badge
          color={counts.overdue > 0 ? 'fault' : 'gray'}
          variant={counts.overdue > 0 ? 'outline' : 'light'}
        >
          {t('SiteSummary.Overdue', { count: counts.overdue })}
        </Badge>
      </Group>
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Text size="sm">
      <Text span fw={700}>
        {value}
      </Text>{' '}
      <Text span c="dimmed">
        {label}
      </Text>
    </Text>
  );
}
