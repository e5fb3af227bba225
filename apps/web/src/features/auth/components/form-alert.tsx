import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A message for {@link FormAlert}: what a sign-in screen has to say so far. */
export type FormOutcome = {
  tone: 'error' | 'success' | 'notice';
  message: string;
  lines?: readonly string[];
};

/**
 * The one message a sign-in screen shows above its form (§8): an error (danger, read out at once)
 * with optional detail lines, a success, or a notice. Texts are translation keys or the server's
 * words, which read as themselves when no translation exists.
 */
export function FormAlert({ tone, message, lines = [] }: FormOutcome) {
  const { t } = useTranslation();
  const color = tone === 'error' ? 'red' : tone === 'success' ? 'green' : 'blue';
  return (
    <Alert color={color} role={tone === 'error' ? 'alert' : 'status'} data-tone={tone}>
      {t(message)}
      {lines.length === 1 && (
        <Text size="sm" mt={4}>
          {t(lines[0] ?? '')}
        </Text>
      )}
      {lines.length > 1 && (
        <List size="sm" mt="xs">
          {lines.map((line) => (
            <List.Item key={line}>{t(line)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
