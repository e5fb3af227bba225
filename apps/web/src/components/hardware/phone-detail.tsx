/**
 * On a phone the selected device's detail opens full screen over the list, with a close button
 * (the hardware views and the Add-ons page).
 */
import { CloseButton, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PhoneDetail({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      padding="sm"
      transitionProps={{ duration: 0 }}
      aria-label={t('Hardware.Pane.Detail')}
    >
      <Group justify="flex-end">
        <CloseButton aria-label={t('Common.Close')} onClick={onClose} />
      </Group>
      {children}
    </Modal>
  );
}
