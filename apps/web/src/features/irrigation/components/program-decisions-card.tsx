/**
 * The why of the program's runs (issue 30): its newest kept decisions in words with their time
 * ("Skipped 06:00 — 12.4 mm of rain in the last 24 h at Te Awa station ≥ 10 mm"), and what a
 * start now would do ("If started now: …"). Shut until opened, so the page polls none of it
 * until asked; those who may edit the program open its skip rules here.
 */
import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatSiteDateTime, type ProgramDecision } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProgramDecision } from '../../../data/programs/get-program-decision.ts';
import { useProgramDecisions } from '../../../data/programs/get-program-decisions.ts';

export function ProgramDecisionsCard(props: {
  areaId: number;
  programId: number;
  timeZone: string;
  /** Opens the skip rules editor; null for those who may not edit the program. */
  onEditRules: (() => void) | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder component="section" aria-label={t('Irrigation.Decisions.Title', 'Decisions')}>
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('Irrigation.Decisions.Title', 'Decisions')}
        </Title>
        <Group gap="xs">
          {props.onEditRules && (
            <Button size="xs" variant="default" onClick={props.onEditRules}>
              {t('Irrigation.SkipRules.Title', 'Skip rules')}
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? t('Irrigation.Decisions.Hide', 'Hide') : t('Irrigation.Decisions.Show', 'Show')}
          </Button>
        </Group>
      </Group>
      {open && <ProgramDecisionsList {...props} />}
    </Card>
  );
}

/** "If started now: …" over the newest decisions, each with its date and time. */
function ProgramDecisionsList(props: { areaId: number; programId: number; timeZone: string }) {
  const { t } = useTranslation();
  const preview = useProgramDecision(props.areaId, props.programId);
  const kept = useProgramDecisions(props.areaId, props.programId);
  const decisions: ProgramDecision[] = kept.data?.decisions ?? [];
  return (
    <Stack gap="xs" mt="sm">
      <Text size="sm" data-testid="decision-now">
        {t('Irrigation.Decisions.IfStartedNow', 'If started now:')}{' '}
        {preview.data?.sentence ??
          (preview.isError ? t('Irrigation.Decisions.Unknown', 'cannot tell') : '…')}
      </Text>
      {kept.isSuccess && decisions.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Irrigation.Decisions.None', 'No decisions yet.')}
        </Text>
      )}
      <List
        size="sm"
        spacing={4}
        listStyleType="none"
        aria-label={t('Irrigation.Decisions.Title', 'Decisions')}
      >
        {decisions.map((decision) => (
          <List.Item key={decision.id}>
            <Text span size="xs" c="dimmed">
              {formatSiteDateTime(new Date(decision.at), props.timeZone)}
            </Text>{' '}
            {decision.sentence}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
