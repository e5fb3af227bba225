/**
 * Start and Stop of a frost fan from the console (issue 31), for users with edit rights on the
 * area: each asks for a confirmation naming the fan; a start the frost rules refuse shows why, with
 * "Override and start" (the override is recorded with the user's name). Below the buttons, where
 * the last request stands (its status, then what came of it), as a valve test's status is shown.
 */
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { FanCommandAction } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fanRequestKey, useFanCommand } from '../hooks/use-fan-command.ts';

interface FanCommandsProps {
  readonly fan: { readonly id: number; readonly label: string };
  readonly areaId: number;
}

/** Start in green, Stop in a lighter red: the two commands side by side, never mistaken. */
const COMMAND_BUTTONS: readonly {
  action: FanCommandAction;
  color: 'green' | 'red';
  variant: 'filled' | 'light';
}[] = [
  { action: 'start', color: 'green', variant: 'filled' },
  { action: 'stop', color: 'red', variant: 'light' },
];

export function FanCommands({ fan, areaId }: FanCommandsProps) {
  const { t } = useTranslation();
  const { state, send, dismiss } = useFanCommand(fan, areaId);
  /** The command the confirmation asks about; null while it is closed. */
  const [asking, setAsking] = useState<FanCommandAction | null>(null);
  const busy = state.phase === 'sending' || state.phase === 'following';
  const refused = state.phase === 'refused' ? state.reasons : null;

  const close = () => {
    setAsking(null);
    if (refused) dismiss();
  };
  const confirm = (override: boolean) => {
    if (!asking) return;
    send(asking, override);
  };
  // Once the request is recorded the confirmation has done its work.
  if (asking !== null && (state.phase === 'following' || state.phase === 'ended')) {
    setAsking(null);
  }
  const request =
    state.phase === 'following' || state.phase === 'ended' ? (state.request ?? null) : null;

  return (
    <Stack gap={4} data-testid="fan-commands">
      <Group gap="xs">
        {COMMAND_BUTTONS.map(({ action, ...look }) => (
          <Button
            key={action}
            size="xs"
            {...look}
            data-testid={`fan-${action}`}
            disabled={busy}
            onClick={() => setAsking(action)}
          >
            {t(action === 'start' ? 'Frost.Command.Start' : 'Frost.Command.Stop')}
          </Button>
        ))}
      </Group>
      {request && (
        <Text
          size="sm"
          data-testid="fan-command-status"
          data-status={request.status}
          data-outcome={request.outcome ?? ''}
        >
          {t(request.action === 'stop' ? 'Frost.Command.StopLine' : 'Frost.Command.StartLine', {
            status: t(fanRequestKey(request)),
          })}
        </Text>
      )}
      {state.phase === 'ended' && state.error && (
        <Text size="sm" c="red" data-testid="fan-command-error">
          {state.error}
        </Text>
      )}
      <Modal
        opened={asking !== null}
        onClose={close}
        title={t(
          asking === 'stop' ? 'Frost.Command.ConfirmStopTitle' : 'Frost.Command.ConfirmStartTitle',
          {
            fan: fan.label,
          },
        )}
      >
        <Stack gap="sm" data-testid="fan-command-confirm">
          {refused ? (
            <Alert
              color="orange"
              data-testid="fan-command-refusal"
              title={t('Frost.Command.Refused', { fan: fan.label })}
            >
              <List size="sm">
                {refused.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
              <Text size="sm" mt="xs">
                {t('Frost.Command.OverrideNote')}
              </Text>
            </Alert>
          ) : (
            <Text size="sm">
              {t(asking === 'stop' ? 'Frost.Command.ConfirmStop' : 'Frost.Command.ConfirmStart', {
                fan: fan.label,
              })}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('Frost.Command.Cancel')}
            </Button>
            {refused ? (
              <Button
                color="orange"
                data-testid="fan-command-override"
                onClick={() => confirm(true)}
              >
                {t('Frost.Command.Override')}
              </Button>
            ) : (
              <Button
                color={asking === 'stop' ? 'red' : 'green'}
                data-testid="fan-command-ok"
                loading={state.phase === 'sending'}
                onClick={() => confirm(false)}
              >
                {t(asking === 'stop' ? 'Frost.Command.Stop' : 'Frost.Command.Start')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
