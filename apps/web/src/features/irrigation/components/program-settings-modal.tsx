/**
 * The program-wide edits (§3 schedule and pumps): its name, whether it is manual (runs only when
 * started by hand, §4) and the pumps attached to it. Saved with PUT programs/{id} on Apply.
 */
import { Modal, MultiSelect, Stack, Switch, TextInput } from '@mantine/core';
import type { Control, Program, ProgramUpdateBody } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplyFooter, useApplyForm } from './apply-form.tsx';
import { programSettingsBody } from '../program-edits.ts';

export function ProgramSettingsModal({
  opened,
  onClose,
  program,
  pumps,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  program: Program;
  pumps: readonly Control[];
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('Irrigation.ProgramSettings.Title')}>
      <ProgramSettingsForm program={program} pumps={pumps} onApply={onApply} onClose={onClose} />
    </Modal>
  );
}

function ProgramSettingsForm({
  program,
  pumps,
  onApply,
  onClose,
}: {
  program: Program;
  pumps: readonly Control[];
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(program.name);
  const [manual, setManual] = useState(program.schedule.manual);
  const [attachments, setAttachments] = useState<string[]>(
    program.schedule.attachments.map(String),
  );
  const { footer, submit } = useApplyForm(onApply, onClose);
  const nameMissing = name.trim() === '';

  const apply = async () => {
    if (nameMissing) return;
    await submit(
      programSettingsBody(program, { name, manual, attachments: attachments.map(Number) }),
    );
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('Irrigation.ProgramSettings.Name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={nameMissing ? t('Irrigation.ProgramSettings.NameRequired') : undefined}
      />
      <Switch
        label={t('Irrigation.Program.Manual')}
        description={t('Irrigation.ProgramSettings.ManualHint')}
        checked={manual}
        onChange={(event) => setManual(event.currentTarget.checked)}
      />
      <MultiSelect
        label={t('Irrigation.ProgramSettings.Pumps')}
        data={pumps.map((pump) => ({ value: String(pump.id), label: pump.label }))}
        value={attachments}
        onChange={setAttachments}
        clearable
      />
      <ApplyFooter {...footer} disabled={nameMissing} onApply={() => void apply()} />
    </Stack>
  );
}
