import { Group, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** §2 Software update modal: 'Applying latest software update' while the page reloads. */
export function SoftwareUpdateModal({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('AppUpdate.Title')}
      centered
    >
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{t('AppUpdate.Applying')}</Text>
      </Group>
    </Modal>
  );
}
