import { Text, type TextProps } from '@mantine/core';
import { lastUpdateDisplay } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { formatLastUpdate } from '../../lib/format-last-update.ts';

/**
 * "Updated 5 minutes ago" by §9's last-update display (> 1 hour, minutes, seconds, or --), worded
 * in the user's language.
 */
export function LastUpdate({
  at,
  now,
  ...props
}: { at: string | null | undefined; now: Date } & TextProps) {
  const { t, i18n } = useTranslation();
  const when = formatLastUpdate(lastUpdateDisplay(at, now), i18n.language);
  return (
    <Text size="sm" c="dimmed" {...props}>
      {t('LastUpdate.Updated', { when })}
    </Text>
  );
}
