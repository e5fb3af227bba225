import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

/** The login page's forgot-password modal (§2 Login); the form is the one /recoverpassword shows. */
export function ForgotPasswordModal({
  opened,
  onClose,
  initialEmail = '',
}: {
  opened: boolean;
  onClose: () => void;
  initialEmail?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('ForgotPassword.Title')}
      closeButtonProps={{ 'aria-label': t('Common.Close') }}
      centered
    >
      <ForgotPasswordForm
        initialEmail={initialEmail}
        closeLabel={t('Common.Close')}
        onClose={onClose}
      />
    </Modal>
  );
}
