import { Stack, Title } from '@mantine/core';
import { loginSuccessTarget } from '@paddock/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoginForm, type LoginSubmission } from '../../../features/auth/components/login-form.tsx';
import { useLogin } from '../../../features/session/api/login.ts';
import type { LoginLocationState } from '../../../features/session/components/require-session.tsx';
import { readLastUser } from '../../../features/session/last-user.ts';
import { resetSession } from '../../../features/session/session.ts';

/** Router state of /redirect: the page to return to after signing in. */
export interface RedirectLocationState {
  readonly previousPath?: string;
}

/**
 * /login (§2): the session is reset on entry; on success go to /redirect keeping the previous
 * path (unless it is /login).
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const state = (location.state ?? {}) as LoginLocationState;
  // Reset once, before the first render, so nothing below sees the old session.
  const [lastUser] = useState(() => {
    resetSession();
    queryClient.clear();
    return readLastUser();
  });

  async function onLogin(submission: LoginSubmission) {
    await login.mutateAsync(submission);
    const target = loginSuccessTarget(state.from);
    const redirectState: RedirectLocationState = target.previousPath
      ? { previousPath: target.previousPath }
      : {};
    await navigate(target.to, { replace: true, state: redirectState });
  }

  return (
    <Stack>
      <Title order={2} size="h3">
        {t('Login.Title')}
      </Title>
      <LoginForm lastUser={lastUser} notice={state.reason} onLogin={onLogin} />
    </Stack>
  );
}
