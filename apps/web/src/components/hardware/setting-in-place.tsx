/**
 * A device's setting changed in place, in the hardware detail (its devEUI, its reporting
 * interval): the value with a Change link for those who may change it, then the field with
 * compact Save and Cancel under it.
 */
import { Anchor, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The value as shown, and the link that opens its field. */
export function ChangeableValue({
  children,
  label,
  onChange,
}: {
  readonly children: ReactNode;
  /** The link's words, naming what is changed. */
  readonly label: string;
  readonly onChange: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
      <Anchor component="button" type="button" size="xs" onClick={onChange}>
        {label}
      </Anchor>
    </Group>
  );
}

/** Save and Cancel under the field; `children` are the setting's own actions after them. */
export function SaveInPlace({
  saving,
  disabled,
  onSave,
  onCancel,
  children,
}: {
  readonly saving: boolean;
  readonly disabled?: boolean;
  readonly onSave: () => void;
  readonly onCancel: () => void;
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Button size="compact-xs" loading={saving} disabled={disabled} onClick={onSave}>
        {t('Common.Save')}
      </Button>
      <Button size="compact-xs" variant="subtle" onClick={onCancel}>
        {t('Common.Cancel')}
      </Button>
      {children}
    </Group>
  );
}
