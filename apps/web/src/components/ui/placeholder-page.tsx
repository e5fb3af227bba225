import { Card, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * A titled card standing in for a page another task builds. It shows the location so a reviewer
 * can see the route matched. Replace the route module's Component with the real page.
 */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Card withBorder padding="lg" m="md">
      <Stack gap="xs">
        <Title order={2}>{t(titleKey)}</Title>
        <Text c="dimmed">{t('Placeholder.Body')}</Text>
        <Code>{`${pathname}${search}`}</Code>
      </Stack>
    </Card>
  );
}
