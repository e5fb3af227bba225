import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface NotFoundPageProps {
  /** A site filter is stored: mention it, with a link that opens the filter panel. */
  readonly filterActive: boolean;
  readonly onAdjustFilter: () => void;
  /** The provider's support site. */
  readonly supportUrl: string;
}

/**
 * §2 Not-found page: titled 404, the oops and not-found texts, a line about the site filter when
 * one is active (with a link opening the filter panel), and a permissions line linking to support
 * (§6 "The 404 page hints that missing permission can cause not-found").
 */
export function NotFoundPage({ filterActive, onAdjustFilter, supportUrl }: NotFoundPageProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="sm" py={48} px="md" maw={560} mx="auto">
      <Title order={1} fz={64} c="dimmed">
        {t('NotFound.Title')}
      </Title>
      <Text fw={600} size="lg">
        {t('NotFound.Oops')}
      </Text>
      <Text>{t('NotFound.Text')}</Text>
      {filterActive && (
        <Text>
          {t('NotFound.FilterActive')}{' '}
          <Button
            variant="transparent"
            p={0}
            h="auto"
            onClick={onAdjustFilter}
            style={{ verticalAlign: 'baseline' }}
          >
            {t('NotFound.AdjustFilter')}
          </Button>
        </Text>
      )}
      <Text c="dimmed" size="sm">
        {t('NotFound.Permissions')}{' '}
        <Anchor href={supportUrl} target="_blank" rel="noopener noreferrer">
          {t('NotFound.ContactSupport')}
        </Anchor>
      </Text>
    </Stack>
  );
}
