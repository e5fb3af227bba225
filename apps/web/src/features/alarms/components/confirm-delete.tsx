/**
 * The confirmation before an alarm or a contact is deleted: what goes, the server's refusal when
 * the delete failed, Cancel and the delete button (loading while the call runs).
 */
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions.tsx';

export function ConfirmDelete({
  opened,
  title,
  message,
  error,
  pending,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  message: string;
  /** The failed delete's message, shown above the buttons. */
  error: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        {error !== null && (
          <Alert color="fault" role="alert">
            {error}
          </Alert>
        )}
        <FormActions onCancel={onCancel}>
          <Button color="fault" loading={pending} onClick={onConfirm}>
            {t('Alarms.Delete')}
          </Button>
        </FormActions>
      </Stack>
    </Modal>
  );
}
