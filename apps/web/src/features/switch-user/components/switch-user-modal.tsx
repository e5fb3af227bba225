import { Alert, Button, Group, Loader, Modal, Text, TextInput } from '@mantine/core';
import {
  isValidSwitchUserEmail,
  SWITCH_USER_UNKNOWN_ERROR,
  switchUserErrorKey,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { useSwitchUser } from '../api/login-as.ts';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';

export interface SwitchUserModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  /** How the console restarts as the new user; a full page load to / by default. */
  readonly reload?: () => void;
  /** The email filled in when it opens (Switch User on a row of the Users page). */
  readonly initialEmail?: string;
}

/**
 * §2/§4 Switch User: enabled only when the typed text is a valid email; busy shows a loader; a
 * refusal shows its message in an alert (§8 switch-user keys, 403 General); anything else shows
 * 'An unknown error occurred while switching user'.
 */
export function SwitchUserModal({ opened, onClose, reload, initialEmail }: SwitchUserModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('SwitchUser.Title')} centered>
      {opened && <SwitchUserForm onClose={onClose} reload={reload} initialEmail={initialEmail} />}
    </Modal>
  );
}

function SwitchUserForm({
  onClose,
  reload,
  initialEmail = '',
}: {
  onClose: () => void;
  reload?: () => void;
  initialEmail?: string;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const switchUser = useSwitchUser(reload);
  const valid = isValidSwitchUserEmail(email);
  const error = switchUser.error;

  return (
    <StackedForm
      gap="md"
      onSubmit={() => {
        if (valid && !switchUser.isPending) switchUser.mutate(email);
      }}
    >
      <Text size="sm">{t('SwitchUser.Intro')}</Text>
      <TextInput
        label={t('SwitchUser.Email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        data-autofocus
      />
      {error && (
        <Alert color="red" role="alert">
          {isApiError(error) ? (
            <>
              <Text size="sm">{t(switchUserErrorKey(error.responseStatus))}</Text>
              {error.responseStatus !== undefined && (
                <Text size="xs" c="dimmed">
                  {error.message}
                </Text>
              )}
            </>
          ) : (
            t(SWITCH_USER_UNKNOWN_ERROR)
          )}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        {switchUser.isPending && <Loader size="sm" aria-label={t('SwitchUser.Switching')} />}
        <Button variant="default" onClick={onClose}>
          {t('Common.Cancel')}
        </Button>
        <Button type="submit" disabled={!valid || switchUser.isPending}>
          {t('SwitchUser.Submit')}
        </Button>
      </Group>
    </StackedForm>
  );
}
