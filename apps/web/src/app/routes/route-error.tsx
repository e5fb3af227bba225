import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportError } from '../../lib/error-reporting.ts';
import { useEffect } from 'react';

/** Shown when a page throws or its chunk fails to load (e.g. after a deploy): report and offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" role="alert" title={t('Common.ErrorTitle')}>
        <Stack align="flex-start">
          {t('Common.ErrorBody')}
          <Button onClick={() => window.location.reload()}>{t('Common.Reload')}</Button>
        </Stack>
      </Alert>
    </Container>
  );
}
