/**
 * A pump's programs (§3 pump attachments) and their pump actions (autoPumpStart, autoPumpStop,
 * autoProgramResume, autoProgramPause), shown to all and edited with the program privilege (§6);
 * an edit is saved with PUT programs/{id} like any other schedule edit.
 */
import { Alert, Checkbox, Stack, Text, Title } from '@mantine/core';
import { pumpActionSchema, pumpActionsOf, type Program, type PumpAction } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  invalidateProgramArea,
  placeSavedProgram,
} from '../../../data/programs/invalidate-program-area.ts';
import { updateProgram } from '../../../data/programs/update-program.ts';

export function PumpActions({
  pumpId,
  areaId,
  programs,
  canEdit,
}: {
  pumpId: number;
  areaId: number;
  programs: readonly Program[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ program, actions }: { program: Program; actions: PumpAction[] }) =>
      updateProgram(program.id, { schedule: { ...program.schedule, pumpActions: actions } }),
    onSuccess: (saved) => placeSavedProgram(queryClient, areaId, saved),
    onSettled: () => invalidateProgramArea(queryClient, areaId),
  });
  const fed = programs.filter((program) => program.schedule.attachments.includes(pumpId));
  return (
    <Stack gap="xs" data-testid="pump-actions">
      <Title order={4} size="h6">
        {t('Addons.Pump.Programs')}
      </Title>
      {fed.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Addons.Pump.NoProgram')}
        </Text>
      )}
      {fed.map((program) => {
        // While a save is on its way the boxes show what was asked (the answer replaces it).
        const asked = save.isPending && save.variables.program.id === program.id;
        const actions = asked ? save.variables.actions : pumpActionsOf(program.schedule);
        return (
          <Stack key={program.id} gap={4}>
            <Text size="sm" fw={600}>
              {program.name}
            </Text>
            {pumpActionSchema.options.map((action) => (
              <Checkbox
                key={action}
                size="xs"
                label={t(`Addons.Pump.${action}`)}
                checked={actions.includes(action)}
                disabled={!canEdit || save.isPending}
                onChange={(event) => {
                  const next = event.currentTarget.checked
                    ? [...actions, action]
                    : actions.filter((entry) => entry !== action);
                  save.mutate({
                    program,
                    actions: pumpActionSchema.options.filter((entry) => next.includes(entry)),
                  });
                }}
              />
            ))}
          </Stack>
        );
      })}
      {save.isError && (
        <Alert color="fault" p={6} role="alert">
          {t('Addons.Pump.SaveFailed')}
        </Alert>
      )}
    </Stack>
  );
}
