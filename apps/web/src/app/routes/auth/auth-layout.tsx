import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { APP_VERSION } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { isLanguage, setLanguage, SUPPORTED_LANGUAGES } from '../../../lib/i18n.ts';

/**
 * The auth layout (§2 public routes): the product name over one card holding the page, the
 * language choice and the version underneath. Pages render their own title inside the card.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }} px="md">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Stack gap={2} align="center">
            <Title order={1} c="blue.8">
              Paddock
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {t('App.Tagline')}
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Outlet />
          </Paper>
          <Group justify="space-between" c="dimmed">
            <Group gap="xs" role="group" aria-label={t('Language.Choose')}>
              {SUPPORTED_LANGUAGES.map((language) => (
                <Anchor
                  key={language}
                  component="button"
                  type="button"
                  size="sm"
                  fw={i18n.language === language ? 700 : 400}
                  aria-pressed={i18n.language === language}
                  onClick={() => isLanguage(language) && void setLanguage(language)}
                >
                  {t(`Language.${language}`)}
                </Anchor>
              ))}
            </Group>
            <Text size="xs">{t('App.Version', { version: APP_VERSION })}</Text>
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
