import { Stack, Title } from '@mantine/core';
import { PATHS } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { SupportPhones } from '../../../features/auth/components/support-phones.tsx';

/**
 * /recoverpassword (§2 Recover password): asks for a reset email (POST login/reset-password/begin,
 * legacy false), as the login page's forgot-password modal does, with the support numbers.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('RecoverPassword.Title')}
      </Title>
      <ForgotPasswordForm
        closeLabel={t('RecoverPassword.BackToLogin')}
        onClose={() => void navigate(PATHS.login)}
        autoFocus
      />
      <SupportPhones />
    </Stack>
  );
}
