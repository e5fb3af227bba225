/**
 * What a page built on the hardware views shows before its devices are there: a skeleton while
 * they load, and the load failure with a Reload button when nothing was ever loaded (a failed
 * refresh keeps the last list on screen instead). A side pane's own list (the area's alarms, its
 * events) is quieter: a skeleton, or its failure in a line of text.
 */
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
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

export function PaneListNotLoaded({ failed, failure }: { failed: boolean; failure: string }) {
  const { t } = useTranslation();
  return failed ? (
    <Text size="sm">{failure}</Text>
  ) : (
    <Skeleton h={120} aria-label={t('Common.Loading')} />
  );
}
