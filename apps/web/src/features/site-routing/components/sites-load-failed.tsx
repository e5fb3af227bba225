/**
 * What the landing page and the dashboard show when the user's sites could not be loaded: both
 * start from that list, so neither has anything else to show.
 */
import { useTranslation } from 'react-i18next';
import { PageAlert } from '../../../components/ui/page-alert.tsx';

export function SitesLoadFailed() {
  const { t } = useTranslation();
  return <PageAlert title={t('SiteList.LoadFailedTitle')}>{t('SiteList.LoadFailed')}</PageAlert>;
}
