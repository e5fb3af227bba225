import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LEGACY_LOGIN_URL } from '../../../config/legacy-login.ts';
import { accountSetupRedirect } from '../../../features/auth/account-redirect.ts';
import { ActivationForm } from '../../../features/auth/components/activation-form.tsx';
import { useFollowRedirect } from '../../../features/auth/hooks/use-follow-redirect.ts';
import { useEndSessionOnEntry } from '../../../features/session/hooks/use-end-session-on-entry.ts';

/**
 * /activateAccount?token&siteId&legacy (§2 Account activation): on load the stored credentials
 * are cleared and a logged-out event sent; then the form validates the token. 1 s after success:
 * the legacy login (legacy=true), else /{siteId} for a positive integer siteId, else /login.
 */
export function Component() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const ready = useEndSessionOnEntry();
  const follow = useFollowRedirect();
  const token = query.get('token')?.trim() || null;

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('Activation.Title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('Activation.Intro')}
        </Text>
      </Stack>
      <ActivationForm
        token={token}
        ready={ready}
        onActivated={() =>
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
