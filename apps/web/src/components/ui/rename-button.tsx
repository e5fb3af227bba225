/**
 * Renames a thing where it is shown (an area's header, a zone page, a sensor's detail): a pencil
 * that opens a small form with its name. A failed rename keeps the form open and shows the
 * server's message there, beside the name that was typed (§8 "Area rename failure: error passed
 * to callback"). Only offered to users with edit rights: the caller decides.
 */
import { ActionIcon, Alert, Button, Modal, TextInput, Tooltip } from '@mantine/core';
import { LABEL_MAX_LENGTH } from '@paddock/domain';
import { IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from './form-actions.tsx';
import { refusalReason } from './save-refusal.tsx';

interface RenameButtonProps {
  /** The name now. */
  readonly label: string;
  /** What is renamed, in words ('zone', 'area', 'sensor'), for the button's and form's titles. */
  readonly what: string;
  /** Saves the new (trimmed) name; rejects with the failure to show. */
  readonly onRename: (label: string) => Promise<unknown>;
}

export function RenameButton({ label, what, onRename }: RenameButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const title = t('Rename.Title', { what, name: label });
  return (
    <>
      <Tooltip label={title}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={title}
          onClick={() => setOpened(true)}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title}>
        {opened && <RenameForm label={label} onRename={onRename} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function RenameForm({
  label,
  onRename,
  onDone,
}: {
  label: string;
  onRename: (label: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(label);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const next = value.trim();
  const problem = next === '' ? t('Rename.Required') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || next === label) {
      if (!problem) onDone();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onRename(next);
      onDone();
    } catch (error) {
      setFailure(refusalReason(error, t('Rename.Failed')));
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label={t('Rename.Name')}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        maxLength={LABEL_MAX_LENGTH}
        error={problem}
        data-autofocus
        required
      />
      {failure && (
        <Alert color="fault" role="alert" mt="sm" title={t('Rename.Failed')}>
          {failure}
        </Alert>
      )}
      <FormActions onCancel={onDone} mt="md">
        <Button type="submit" loading={saving} disabled={problem !== null}>
          {t('Common.Save')}
        </Button>
      </FormActions>
    </form>
  );
}
