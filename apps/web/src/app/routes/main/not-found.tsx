/** §2 /notfound: the 404 page, composed from the layout (page), site filter and support config. */
import { supportLink } from '@paddock/domain';
import { useLocation } from 'react-router';
import { SUPPORT_BASE_URL } from '../../../config/support.ts';
import { NotFoundPage } from '../../../features/layout/components/not-found-page.tsx';
import { useSiteFilter } from '../../../features/site-filter/hooks/use-site-filter.ts';
import { openSiteFilter } from '../../../features/site-filter/site-filter-store.ts';

export function Component() {
  const { active } = useSiteFilter();
  const { pathname } = useLocation();
  return (
    <NotFoundPage
      filterActive={active}
      onAdjustFilter={openSiteFilter}
      supportUrl={supportLink(pathname, SUPPORT_BASE_URL)}
    />
  );
}
