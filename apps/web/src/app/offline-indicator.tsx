import { lastUpdateDisplay } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useCachedDataUpdatedAt } from '../lib/cached-data-age.ts';
import { formatLastUpdate } from '../lib/format-last-update.ts';
import { useOnline } from '../lib/online-status.ts';
import { useNow } from '../lib/use-now.ts';

/** How often the age of the data on screen is worded again while offline. */
const AGE_TICK_MS = 5_000;

/**
 * §4 offline: a discreet badge in the bottom-left corner while the browser is offline or the API
 * cannot be reached; the pages keep showing what the offline cache holds, and the badge says how
 * old it is ('Data from 3 minutes ago', §9's last-update wording). Plain markup on purpose: it is
 * part of every first load and must work when nothing more can be downloaded.
 */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <span
          title={t('Offline.Hint')}
          style={{
            position: 'fixed',
            left: 12,
            bottom: 12,
            // Above the maps' controls (Leaflet's legend and zoom sit at 1000), which share the corner.
            zIndex: 1001,
            display: 'inline-flex',
            alignItems: 'center',
            gap: 6,
            padding: '4px 10px',
            borderRadius: 'var(--mantine-radius-sm)',
            background: 'var(--mantine-color-gray-7)',
            color: 'var(--mantine-color-white)',
            fontSize: 'var(--mantine-font-size-sm)',
            fontWeight: 600,
            boxShadow: 'var(--mantine-shadow-sm)',
          }}
        >
          <svg
            width="14"
            height="14"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M9.58 5.548c.24 -.11 .492 -.207 .752 -.286c1.88 -.572 3.956 -.193 5.444 1c1.488 1.19 2.162 3.007 1.77 4.769h.99c1.913 0 3.464 1.56 3.464 3.486c0 .957 -.383 1.824 -1.003 2.454m-2.997 1.033h-11.343c-2.572 -.004 -4.657 -2.011 -4.657 -4.487c0 -2.475 2.085 -4.482 4.657 -4.482c.13 -.582 .37 -1.128 .7 -1.62" />
            <path d="M3 3l18 18" />
          </svg>
          <span>{t('Offline.Indicator')}</span>
          <OfflineDataAge />
        </span>
      )}
    </div>
  );
}

/** 'Data from 3 minutes ago': the age of the newest cached answer the page shows. */
function OfflineDataAge() {
  const { t, i18n } = useTranslation();
  const updatedAt = useCachedDataUpdatedAt();
  const now = useNow(AGE_TICK_MS);
  if (updatedAt === undefined) return null;
  const when = formatLastUpdate(lastUpdateDisplay(updatedAt, now), i18n.language);
  return (
    <span style={{ fontWeight: 400 }}>
      {'· '}
      {t('Offline.DataAge', { when })}
    </span>
  );
}
