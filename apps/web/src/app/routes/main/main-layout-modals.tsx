/**
 * The modals the main layout's header and sidebar open (profile, switch user, season) and the
 * Site filter modal, each loaded the first time it is opened.
 */
import type { Site } from '@paddock/domain';
import { lazy, Suspense, useState } from 'react';
import { useSiteFilterModalOpen } from '../../../features/site-filter/hooks/use-site-filter.ts';
import { PRODUCT_NAME } from '../../../config/support.ts';

// Modals load when first opened: the profile rules carry the phone-number metadata, the season
// dialog the date pickers.
const ProfileModal = lazy(() =>
  import('../../../features/profile/components/profile-modal.tsx').then((m) => ({
    default: m.ProfileModal,
  })),
);
const SwitchUserModal = lazy(() =>
  import('../../../features/switch-user/components/switch-user-modal.tsx').then((m) => ({
    default: m.SwitchUserModal,
  })),
);
const SeasonModal = lazy(() =>
  import('../../../features/season/components/season-modal.tsx').then((m) => ({
    default: m.SeasonModal,
  })),
);
const SiteFilterModal = lazy(() =>
  import('../../../features/site-filter/components/site-filter-modal.tsx').then((m) => ({
    default: m.SiteFilterModal,
  })),
);

export type ModalName = 'profile' | 'switchUser' | 'season';

/** Which modal is open, and which have been mounted; `beforeOpen` runs first (closes the sidebar). */
export function useShellModals(beforeOpen: () => void) {
  const [modal, setModal] = useState<ModalName | null>(null);
  // Each modal mounts (and loads) the first time it opens, then stays for its closing transition.
  const [mounted, setMounted] = useState<ReadonlySet<ModalName>>(new Set());
  const open = (name: ModalName) => {
    beforeOpen();
    setMounted((current) => new Set(current).add(name));
    setModal(name);
  };
  const close = () => setModal(null);
  return { modal, mounted, open, close };
}

export function ShellModals({
  modals,
  siteId,
  currentSite,
}: {
  modals: ReturnType<typeof useShellModals>;
  siteId: number | undefined;
  currentSite: Site | undefined;
}) {
  const { modal, mounted, close } = modals;
  return (
    <Suspense fallback={null}>
      {mounted.has('profile') && (
        <ProfileModal
          opened={modal === 'profile'}
          onClose={close}
          siteId={siteId}
          country={currentSite?.tags.country}
          productName={PRODUCT_NAME}
        />
      )}
      {mounted.has('switchUser') && (
        <SwitchUserModal opened={modal === 'switchUser'} onClose={close} />
      )}
      {mounted.has('season') && currentSite && (
        <SeasonModal opened={modal === 'season'} onClose={close} site={currentSite} />
      )}
      <SiteFilterHost />
    </Suspense>
  );
}

/** The Site filter modal, loaded once something (sidebar, not-found page) opens it. */
function SiteFilterHost() {
  const opened = useSiteFilterModalOpen();
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  return mounted ? <SiteFilterModal /> : null;
}
