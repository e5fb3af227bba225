/**
 * What the landing page and the dashboard show when the user's sites could not be loaded: both
 * start from that list, so neither has anything else to show.
 */
import { Alert, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SitesLoadFailed() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="fault" role="alert" title={t('SiteList.LoadFailedTitle')}>
        {t('SiteList.LoadFailed')}
      </Alert>
    </Container>
  );
}
