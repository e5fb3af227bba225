/**
 * The last row of a form or a confirmation: Cancel, then the form's own action (Save, Apply,
 * Delete…), at the right.
 */
import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function FormActions({
  onCancel,
  mt,
  children,
}: {
  onCancel: () => void;
  mt?: MantineSpacing;
  /** The action button(s) after Cancel. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={() => onCancel()}>
        {t('Common.Cancel')}
      </Button>
      {children}
    </Group>
  );
}
