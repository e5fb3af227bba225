/**
 * The Add-ons page's things (§2): a card per type showing ADDON_DEVICE_LIMIT things, the list one
 * card opens to (ADDON_LIST_LIMIT a page), and the row of one thing, which selects it.
 */
import {
  Button,
  Card,
  CloseButton,
  Group,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ADDON_LIST_LIMIT, thingCondition, type ThingType } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import type { PageThing } from '../things.ts';
import classes from './addons.module.css';
import { ConditionBadge, ThingValues } from './thing-values.tsx';

/** How a row knows it is selected and selects (or, selected, clears) its thing. */
export interface ThingRowChoice {
  readonly selected: PageThing | null;
  readonly select: (thing: PageThing | null) => void;
  readonly now: Date;
}

function ThingRow({ thing, choice }: { thing: PageThing; choice: ThingRowChoice }) {
  const { selected, select, now } = choice;
  return (
    <div
      className={classes.thing}
      data-selected={selected === thing}
      data-testid="addon-thing"
      data-type={thing.type}
      data-condition={thingCondition(thing, now)}
      role="button"
      tabIndex={0}
      onClick={() => select(selected === thing ? null : thing)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          select(selected === thing ? null : thing);
        }
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={2}>
        <Text size="sm" fw={500} truncate>
          {thing.label}
        </Text>
        <ConditionBadge condition={thingCondition(thing, now)} />
      </Group>
      <ThingValues thing={thing} />
    </div>
  );
}

const rowsOf = (things: readonly PageThing[], choice: ThingRowChoice) =>
  things.map((thing) => (
    <ThingRow key={`${thing.kind}-${thing.id}`} thing={thing} choice={choice} />
  ));

export function ThingCards({
  groups,
  choice,
  onShowAll,
}: {
  groups: readonly { type: ThingType; shown: PageThing[]; total: number }[];
  choice: ThingRowChoice;
  onShowAll: (type: ThingType) => void;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
      {groups.map((group) => (
        <Card
          key={group.type}
          withBorder
          padding="sm"
          data-testid="addon-card"
          data-type={group.type}
        >
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h6">
              {t(`Addons.Type.${group.type}`)}
            </Title>
            <Text size="xs" c="dimmed">
              {group.total}
            </Text>
          </Group>
          <Stack gap={4}>{rowsOf(group.shown, choice)}</Stack>
          {group.total > group.shown.length && (
            <Button
              variant="subtle"
              size="compact-xs"
              mt="xs"
              onClick={() => onShowAll(group.type)}
            >
              {t('Addons.ShowAll', { count: group.total })}
            </Button>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Every thing of one type, a page at a time. */
export function ThingList({
  type,
  things,
  page,
  choice,
  onPage,
  onClose,
}: {
  type: ThingType;
  things: readonly PageThing[];
  page: number;
  choice: ThingRowChoice;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(things.length / ADDON_LIST_LIMIT));
  return (
    <Stack gap="xs" data-testid="addon-list">
      <Group justify="space-between">
        <Title order={3} size="h6">
          {t(`Addons.Type.${type}`)}
        </Title>
        <CloseButton aria-label={t('Common.Close')} onClick={onClose} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {rowsOf(things.slice((page - 1) * ADDON_LIST_LIMIT, page * ADDON_LIST_LIMIT), choice)}
      </SimpleGrid>
      {pages > 1 && (
        <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={onPage} />
      )}
    </Stack>
  );
}
