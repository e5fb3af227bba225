import { Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { PATHS, RECOVERY_LINK_EXPIRED } from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { recoverWithLink } from '../../../features/auth/api/recover-with-link.ts';
import { FormAlert } from '../../../features/auth/components/form-alert.tsx';
import { SupportPhones } from '../../../features/auth/components/support-phones.tsx';
import {
  recoveryLinkDecision,
  type RecoveryLinkDecision,
} from '../../../features/auth/recovery-link.ts';
import { ensureValidSession } from '../../../features/session/session.ts';
import { readAuth } from '../../../lib/auth-storage.ts';
import type { ChangePasswordLocationState } from './change-password.tsx';

/**
 * /recover (§2 recovery-link landing): reads the link's token and identity. How that maps onto our
 * token-based reset is `recoveryLinkDecision`'s: a valid session of the same identity goes on to
 * /changepassword marked external, one of our reset tokens to /resetPassword, a whole identity
 * signs in with the link (recovery authentication) and then goes on to /changepassword; a link
 * that cannot be used shows 'Oops, a bit too late…' with Cancel (to /) and Try Again (to
 * /recoverpassword).
 */
export function Component() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<RecoveryLinkDecision | null>(null);
  // The link's token is good once: it is sent once, however often the effect runs.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      // Only a session that is still good can vouch for the link's identity.
      const session = readAuth() && (await ensureValidSession()) === 'valid' ? readAuth() : null;
      if (!cancelled) setDecision(recoveryLinkDecision(new URLSearchParams(search), session));
    })();
    return () => {
      cancelled = true;
    };
  }, [search]);

  useEffect(() => {
    if (decision?.kind === 'changePassword') {
      const state: ChangePasswordLocationState = { external: true };
      void navigate(PATHS.changepassword, { replace: true, state });
    } else if (decision?.kind === 'resetPassword') {
      void navigate(decision.to, { replace: true });
    } else if (decision?.kind === 'authenticate' && sent.current !== decision.link.token) {
      sent.current = decision.link.token;
      recoverWithLink(decision.link).then(
        () => {
          // The link's user starts from an empty cache, as after a sign-in.
          queryClient.clear();
          setDecision({ kind: 'changePassword' });
        },
        () => setDecision({ kind: 'expired' }),
      );
    }
  }, [decision, navigate, queryClient]);

  return (
    <Stack>
      <Title order={2} size="h3">
        {t('Recover.Title')}
      </Title>
      {decision?.kind === 'expired' ? (
        <>
          <FormAlert tone="error" message={RECOVERY_LINK_EXPIRED} />
          <Group justify="flex-end">
            <Button component={Link} to={PATHS.root} variant="default">
              {t('Common.Cancel')}
            </Button>
            <Button component={Link} to={PATHS.recoverpassword}>
              {t('Recover.TryAgain')}
            </Button>
          </Group>
          <SupportPhones />
        </>
      ) : (
        <Center py="md">
          <Loader aria-label={t('Recover.Checking')} />
        </Center>
      )}
    </Stack>
  );
}
