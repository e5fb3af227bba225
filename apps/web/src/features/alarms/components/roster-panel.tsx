/**
 * The site's escalation roster (ours, beyond the spec): contacts in order, each told one way and
 * given a wait to acknowledge before the next is told; after the last step the roster runs again
 * `repeat` times, `repeatMinutes` apart. Anyone's acknowledgement stops it.
 */
import { Alert, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import {
  ROSTER_REPEAT_MAX,
  ROSTER_STEPS_MAX,
  ROSTER_WAIT_MAX_MINUTES,
  type Contact,
  type Roster,
  type RosterStep,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteRoster, useUpdateSiteRoster } from '../../../data/alarms/roster.ts';
import { notify } from '../../../lib/notify.ts';
import { errorText } from '../error-text.ts';
import { moveStep, rosterChoices, rosterProblems } from '../roster-form.ts';
import { RosterStepCard } from './roster-step-card.tsx';

export function RosterPanel({
  siteId,
  contacts,
  canEdit,
}: {
  readonly siteId: number;
  readonly contacts: readonly Contact[];
  readonly canEdit: boolean;
}) {
  const { t } = useTranslation();
  const roster = useSiteRoster(siteId);
  if (roster.isPending) return <Text size="sm">{t('Common.Loading')}</Text>;
  if (roster.isError) return <Text size="sm">{t('Alarms.Roster.LoadFailed')}</Text>;
  return (
    <RosterEditor
      key={JSON.stringify(roster.data)}
      siteId={siteId}
      saved={roster.data}
      contacts={contacts}
      canEdit={canEdit}
    />
  );
}

function RosterEditor({
  siteId,
  saved,
  contacts,
  canEdit,
}: {
  siteId: number;
  saved: Roster;
  contacts: readonly Contact[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateSiteRoster(siteId);
  const [roster, setRoster] = useState<Roster>(saved);
  const choices = rosterChoices(contacts);
  const problems = rosterProblems(roster, contacts);
  const changed = JSON.stringify(roster) !== JSON.stringify(saved);
  const setStep = (index: number, change: Partial<RosterStep>) =>
    setRoster((current) => ({
      ...current,
      steps: current.steps.map((step, at) => (at === index ? { ...step, ...change } : step)),
    }));

  return (
    <Stack gap="sm" aria-label={t('Alarms.Roster.Title')} component="section">
      <Title order={3} size="h5">
        {t('Alarms.Roster.Title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('Alarms.Roster.Hint')}
      </Text>
      {roster.steps.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Alarms.Roster.Empty')}
        </Text>
      )}
      {roster.steps.map((step, index) => (
        <RosterStepCard
          key={index}
          step={step}
          index={index}
          count={roster.steps.length}
          contacts={contacts}
          choices={choices}
          problem={problems[index]}
          canEdit={canEdit}
          onChange={(change) => setStep(index, change)}
          onMove={(by) => setRoster((current) => moveStep(current, index, by))}
          onRemove={() =>
            setRoster((current) => ({
              ...current,
              steps: current.steps.filter((_, at) => at !== index),
            }))
          }
        />
      ))}
      {canEdit && (
        <Group>
          <Button
            size="xs"
            variant="light"
            disabled={roster.steps.length >= ROSTER_STEPS_MAX || choices.size === 0}
            onClick={() => {
              const [first] = [...choices.entries()];
              if (!first) return;
              const [contact, methods] = first;
              setRoster((current) => ({
                ...current,
                steps: [
                  ...current.steps,
                  { contact, method: methods[0] ?? 'email', waitMinutes: 15 },
                ],
              }));
            }}
          >
            {t('Alarms.Roster.AddStep')}
          </Button>
        </Group>
      )}
      <Group gap="sm" wrap="wrap" align="flex-end">
        <NumberInput
          w={160}
          label={t('Alarms.Roster.Repeat')}
          min={0}
          max={ROSTER_REPEAT_MAX}
          allowDecimal={false}
          value={roster.repeat}
          disabled={!canEdit}
          onChange={(value) =>
            setRoster({ ...roster, repeat: typeof value === 'number' ? value : 0 })
          }
        />
        <NumberInput
          w={180}
          label={t('Alarms.Roster.RepeatEvery')}
          min={1}
          max={ROSTER_WAIT_MAX_MINUTES}
          allowDecimal={false}
          value={roster.repeatMinutes}
          disabled={!canEdit}
          onChange={(value) =>
            setRoster({ ...roster, repeatMinutes: typeof value === 'number' ? value : 1 })
          }
          suffix={` ${t('Alarms.Roster.Minutes')}`}
        />
      </Group>
      {update.isError && (
        <Alert color="fault" role="alert" title={t('Alarms.Roster.SaveFailed')}>
          {errorText(update.error, t)}
        </Alert>
      )}
      {canEdit && (
        <Group justify="flex-end">
          <Button variant="default" disabled={!changed} onClick={() => setRoster(saved)}>
            {t('Common.Cancel')}
          </Button>
          <Button
            disabled={!changed || Object.keys(problems).length > 0}
            loading={update.isPending}
            onClick={() =>
              update.mutate(roster, {
                onSuccess: () => notify({ level: 'info', message: t('Alarms.Roster.Saved') }),
              })
            }
          >
            {t('Alarms.Roster.Save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
