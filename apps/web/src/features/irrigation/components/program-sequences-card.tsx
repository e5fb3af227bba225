/** The program's sequences (up to 4, §9) by their zones' names, and the zones banned from it. */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Program } from '@paddock/domain';
import { IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ZoneView } from '../irrigation-view.ts';

export function ProgramSequencesCard({
  program,
  zones,
  byId,
  canProgram,
  onEdit,
}: {
  program: Program;
  zones: readonly ZoneView[];
  /** The zones by id, to name a sequence's members. */
  byId: ReadonlyMap<number, ZoneView>;
  canProgram: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={t('Irrigation.Sequences.Title')}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t('Irrigation.Sequences.Title')}
        </Title>
        {canProgram && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconListNumbers size={16} />}
            onClick={onEdit}
          >
            {t('Irrigation.Sequences.Edit')}
          </Button>
        )}
      </Group>
      <Stack gap={6}>
        {program.schedule.sequences.map((sequence, index) => (
          <div key={index}>
            <Text size="sm" fw={600}>
              {t('Irrigation.Sequences.Name', { number: index + 1 })}
            </Text>
            <Text size="sm" c="dimmed">
              {sequence.map((id) => byId.get(id)?.label ?? `#${id}`).join(', ') ||
                t('Irrigation.Sequences.Empty')}
            </Text>
          </div>
        ))}
        {zones.some((zone) => zone.banned) && (
          <div>
            <Text size="sm" fw={600}>
              {t('Irrigation.Sequences.Banned')}
            </Text>
            <Text size="sm" c="dimmed">
              {zones
                .filter((zone) => zone.banned)
                .map((zone) => zone.label)
                .join(', ')}
            </Text>
          </div>
        )}
      </Stack>
    </Card>
  );
}
