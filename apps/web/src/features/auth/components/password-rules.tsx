import { Box, List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { STRONG_PASSWORD_RULES } from '@paddock/domain';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * §5 "password strong (four rules in a tooltip)": the domain's four rules, each ticked off as the
 * password meets it. Shown as a list under the field rather than a tooltip, so it can be read on
 * a phone and by a screen reader (the field points at it with aria-describedby).
 */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  return (
    <Box id={id}>
      <Text size="xs" c="dimmed" mb={4}>
        {t('Password.RulesIntro')}
      </Text>
      <List spacing={2} size="xs" center>
        {STRONG_PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <List.Item
              key={rule.id}
              data-rule={rule.id}
              data-met={met || undefined}
              c={met ? 'teal.8' : 'dimmed'}
              icon={
                <ThemeIcon size={16} radius="xl" color={met ? 'teal' : 'gray'} variant="light">
                  {met ? <IconCheck size={12} aria-hidden /> : <IconMinus size={12} aria-hidden />}
                </ThemeIcon>
              }
            >
              {t(rule.label)}
              <VisuallyHidden>
                {' '}
                ({met ? t('Password.RuleMet') : t('Password.RuleNotMet')})
              </VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}
