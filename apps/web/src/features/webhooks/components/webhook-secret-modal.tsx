/**
 * A new webhook endpoint's secret, shown this once (issue 32 item 7): the receiver verifies each
 * request with it (Standard Webhooks), and the server never shows it again.
 */
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function WebhookSecretModal({
  secret,
  onClose,
}: {
  /** Null while closed. */
  readonly secret: string | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={t('Webhooks.SecretTitle')}
      centered
      closeOnClickOutside={false}
    >
      <Stack>
        <Alert color="yellow" variant="light">
          <Text size="sm">{t('Webhooks.SecretOnce')}</Text>
        </Alert>
        <Code block aria-label={t('Webhooks.Secret')} style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {t(copied ? 'Webhooks.Copied' : 'Webhooks.Copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('Webhooks.SecretKept')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
