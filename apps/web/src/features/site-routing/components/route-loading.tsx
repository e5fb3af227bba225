import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a route resolves (site loading, deep link fetching): §2 load state InProgress. */
export function RouteLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader aria-label={t('Common.Loading')} />
        <Text c="dimmed" role="status">
          {label ?? t('Common.Loading')}
        </Text>
      </Stack>
    </Center>
  );
}
