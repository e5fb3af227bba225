/**
 * The program's zones, sorted by number or activity (stored preference programSorting), each
 * linking to its zone page with its settings, run state and flags, and editable with the program
 * privilege.
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { SETTING_UNITS, zonePath, type ProgramSort, type ZoneRunState } from '@paddock/domain';
import { IconPencil } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { colourOf, zoneTimeRemaining, TEST_COLOUR, type ZoneView } from '../irrigation-view.ts';
import { CardList, CardListRow, CardListRowMain } from './card-list.tsx';
import { ColourSwatch } from './state-badge.tsx';

export function ProgramZonesCard({
  sorted,
  sort,
  onSortChange,
  siteId,
  areaId,
  now,
  onEditZone,
}: {
  /** The zones in the chosen order. */
  sorted: readonly ZoneView[];
  sort: ProgramSort;
  onSortChange: (sort: ProgramSort) => void;
  siteId: number;
  areaId: number;
  now: Date;
  /** Opens a zone's settings; null without the program privilege. Stable, for ZoneRow's memo. */
  onEditZone: ((zoneId: number) => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={t('Irrigation.Zones.Title')}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h5">
          {t('Irrigation.Zones.Title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={sort}
          onChange={(value) => onSortChange(value as ProgramSort)}
          aria-label={t('Irrigation.Zones.SortBy')}
          data={[
            { value: 'number', label: t('Irrigation.Zones.SortNumber') },
            { value: 'activity', label: t('Irrigation.Zones.SortActivity') },
          ]}
        />
      </Group>
      <CardList>
        {sorted.map((zone) => (
          <ZoneRow
            key={zone.id}
            id={zone.id}
            label={zone.label}
            href={zonePath({ siteId, areaId, sectionId: zone.id })}
            fill={colourOf(zone.fill)}
            stroke={zone.testMode ? TEST_COLOUR : colourOf(zone.stroke)}
            runState={zone.runState}
            hasFaults={zone.hasFaults}
            banned={zone.banned}
            testMode={zone.testMode}
            remaining={zoneTimeRemaining(zone, now)}
            depth={zone.zone?.setting.depth ?? null}
            variation={zone.zone?.setting.variation ?? null}
            cycles={zone.zone?.setting.cycles ?? null}
            onEdit={zone.zone ? onEditZone : null}
          />
        ))}
      </CardList>
    </Card>
  );
}

interface ZoneRowProps {
  readonly id: number;
  readonly label: string;
  readonly href: string;
  readonly fill: string;
  readonly stroke: string;
  readonly runState: ZoneRunState;
  readonly hasFaults: boolean;
  readonly banned: boolean;
  readonly testMode: boolean;
  readonly remaining: string | null;
  readonly depth: number | null;
  readonly variation: number | null;
  readonly cycles: number | null;
  readonly onEdit: ((zoneId: number) => void) | null;
}

/** One zone of the list; memoised on plain values so a poll redraws only the zones that changed. */
const ZoneRow = memo(function ZoneRow(props: ZoneRowProps) {
  const { t } = useTranslation();
  const settings =
    props.depth === null
      ? t('Irrigation.Zones.NotInProgram')
      : [
          `${props.depth} ${SETTING_UNITS.depth}`,
          `${props.variation ?? 0} ${SETTING_UNITS.variation}`,
          `${props.cycles ?? 0} ${SETTING_UNITS.cycles}`,
        ].join(' · ');
  return (
    <CardListRow data-zone={props.id} data-run-state={props.runState}>
      <ColourSwatch fill={props.fill} stroke={props.stroke} />
      <CardListRowMain>
        <Anchor component={Link} to={props.href} size="sm" fw={600} truncate>
          {props.label}
        </Anchor>
        <Text size="xs" c="dimmed">
          {settings}
        </Text>
      </CardListRowMain>
      <Stack gap={2} align="flex-end">
        <Text size="xs" fw={600}>
          {t(`Irrigation.RunState.${props.runState}`)}
          {props.remaining !== null && ` · ${props.remaining}`}
        </Text>
        <Group gap={4}>
          {props.hasFaults && (
            <Badge size="xs" color="fault">
              {t('Irrigation.Zone.Fault')}
            </Badge>
          )}
          {props.testMode ? (
            <Badge size="xs" color="test">
              {t('Irrigation.Zone.TestMode')}
            </Badge>
          ) : (
            props.banned && (
              <Badge size="xs" color="gray" variant="outline">
                {t('Irrigation.Zone.Banned')}
              </Badge>
            )
          )}
        </Group>
      </Stack>
      {props.onEdit && (
        <Tooltip label={t('Irrigation.ZoneSettings.Open')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('Irrigation.ZoneSettings.OpenFor', { zone: props.label })}
            onClick={() => props.onEdit?.(props.id)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </CardListRow>
  );
});
