import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LEGACY_LOGIN_URL } from '../../../config/legacy-login.ts';
import { accountSetupRedirect } from '../../../features/auth/account-redirect.ts';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { useFollowRedirect } from '../../../features/auth/hooks/use-follow-redirect.ts';
import { useEndSessionOnEntry } from '../../../features/session/hooks/use-end-session-on-entry.ts';

/**
 * /resetPassword?token&siteId&legacy (§2 Reset password), the page of the emailed reset link. It
 * follows the activation pattern: the stored credentials are cleared on load (the reset ends every
 * session anyway), and 1 s after success it goes to the legacy login (legacy=true), else
 * /{siteId}, else /login.
 */
export function Component() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  useEndSessionOnEntry();
  const follow = useFollowRedirect();
  const token = query.get('token')?.trim() || null;

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('ResetPassword.Title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('ResetPassword.Intro')}
        </Text>
      </Stack>
      <ResetPasswordForm
        token={token}
        onReset={() =>
          follow(
            accountSetupRedirect(
              { siteId: query.get('siteId'), legacy: query.get('legacy') },
              LEGACY_LOGIN_URL,
            ),
          )
        }
      />
    </Stack>
  );
}
