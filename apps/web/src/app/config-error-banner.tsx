import { Alert, Container } from '@mantine/core';
import { CONFIG_BANNER } from '@paddock/domain';
import { useTranslation } from 'react-i18next';

/** The red banner of spec §8 shown instead of the console when the app config cannot be used. */
export function ConfigErrorBanner({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="filled" role="alert" title={t(CONFIG_BANNER)}>
        {t(message)}
      </Alert>
    </Container>
  );
}
