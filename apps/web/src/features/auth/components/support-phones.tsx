import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_PHONES } from '../../../config/support.ts';

/**
 * §2 "Support phone numbers for NZ and AU are shown on recovery screens" (and with the change
 * password failure, §8). `introKey` words the line above the numbers.
 */
export function SupportPhones({ introKey = 'Support.PhoneIntro' }: { introKey?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} role="group" aria-label={t('Support.Phones')}>
      <Text size="sm" c="dimmed">
        {t(introKey)}
      </Text>
      <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
        {SUPPORT_PHONES.map((phone) => (
          <Group key={phone.country} gap={6} wrap="nowrap">
            <IconPhone size={16} aria-hidden />
            <Text size="sm">
              {t(`Support.Country.${phone.country}`)}:{' '}
              <Anchor href={`tel:${phone.tel}`} size="sm" fw={600}>
                {phone.display}
              </Anchor>
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
