/**
 * What a page built on the hardware views shows before its devices are there: a skeleton while
 * they load, and the load failure with a Reload button when nothing was ever loaded (a failed
 * refresh keeps the last list on screen instead).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function HardwareLoadFailed({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack p="md">
      <Alert color="fault" role="alert" title={t('Hardware.LoadFailedTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('Hardware.LoadFailed')}</Text>
          <Button size="xs" variant="white" onClick={onReload}>
            {t('Common.Reload')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
