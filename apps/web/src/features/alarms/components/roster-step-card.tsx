/** One step of the escalation roster: who is told, how, and how long they have to acknowledge. */
import { ActionIcon, Card, Group, NumberInput, Select, Text } from '@mantine/core';
import {
  ROSTER_WAIT_MAX_MINUTES,
  type Contact,
  type ContactMethod,
  type RosterStep,
} from '@paddock/domain';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function RosterStepCard({
  step,
  index,
  count,
  contacts,
  choices,
  problem,
  canEdit,
  onChange,
  onMove,
  onRemove,
}: {
  step: RosterStep;
  index: number;
  /** How many steps the roster has (the last cannot move down). */
  count: number;
  contacts: readonly Contact[];
  /** Each contact's ways to be told (rosterChoices). */
  choices: ReadonlyMap<number, readonly ContactMethod[]>;
  problem: string | undefined;
  canEdit: boolean;
  onChange: (change: Partial<RosterStep>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const contact = contacts.find((candidate) => candidate.id === step.contact);
  const methods = choices.get(step.contact) ?? [];
  return (
    <Card withBorder padding="xs" data-testid="roster-step">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <Text fw={600} size="sm" w={24}>
          {index + 1}.
        </Text>
        <Select
          style={{ flex: '1 1 10rem' }}
          label={t('Alarms.Roster.Contact')}
          data={contacts.map((candidate) => ({
            value: String(candidate.id),
            label: candidate.name,
          }))}
          value={String(step.contact)}
          allowDeselect={false}
          disabled={!canEdit}
          onChange={(value) => {
            if (value === null) return;
            const id = Number(value);
            const available = choices.get(id) ?? [];
            onChange({
              contact: id,
              method: available.includes(step.method) ? step.method : (available[0] ?? step.method),
            });
          }}
          error={problem && !contact ? t(problem) : undefined}
        />
        <Select
          w={110}
          label={t('Alarms.Contacts.Method')}
          data={methods.map((method) => ({
            value: method,
            label: t(`Alarms.Method.${method}`),
          }))}
          value={step.method}
          allowDeselect={false}
          disabled={!canEdit}
          onChange={(value) => value && onChange({ method: value as ContactMethod })}
          error={problem && contact ? t(problem) : undefined}
        />
        <NumberInput
          w={130}
          label={t('Alarms.Roster.Wait')}
          min={0}
          max={ROSTER_WAIT_MAX_MINUTES}
          allowDecimal={false}
          value={step.waitMinutes}
          disabled={!canEdit}
          onChange={(value) => onChange({ waitMinutes: typeof value === 'number' ? value : 0 })}
          suffix={` ${t('Alarms.Roster.Minutes')}`}
        />
        {canEdit && (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              onClick={() => onMove(-1)}
              aria-label={t('Alarms.Roster.Up')}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={t('Alarms.Roster.Down')}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="fault"
              onClick={onRemove}
              aria-label={t('Alarms.Roster.Remove')}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Card>
  );
}
