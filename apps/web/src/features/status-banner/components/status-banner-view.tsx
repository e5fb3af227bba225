import { Anchor, Button, CloseButton, Group, Paper, Text, Transition } from '@mantine/core';
import { BANNER_HIDE_MS } from '@paddock/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BannerContent } from '../status-banner-rules.ts';

export interface StatusBannerViewProps {
  readonly content: BannerContent | null;
  readonly visible: boolean;
  readonly onHide: () => void;
}

/**
 * The banner itself: a bar under the app header (or at the top of the auth pages) that slides up
 * and is gone BANNER_HIDE_MS after Hide or the x. It overlays the page's top edge rather than
 * pushing the fixed app shell down.
 */
export default function StatusBannerView({ content, visible, onHide }: StatusBannerViewProps) {
  const { t } = useTranslation();
  // Keep the last words while the bar slides away after the report cleared.
  const [shown, setShown] = useState(content);
  if (content !== null && !sameContent(content, shown)) setShown(content);
  const current = content ?? shown;
  if (current === null) return null;
  const colour = current.kind === 'incident' ? 'fault' : 'warning';

  return (
    <Transition
      mounted={visible}
      transition="slide-down"
      duration={BANNER_HIDE_MS}
      keepMounted={false}
    >
      {(styles) => (
        <Paper
          role="status"
          aria-label={t('StatusBanner.Label')}
          radius={0}
          shadow="sm"
          px="md"
          py={6}
          bg={colour}
          c={current.kind === 'incident' ? 'white' : 'dark'}
          style={{
            ...styles,
            position: 'fixed',
            top: 'var(--app-shell-header-offset, 0rem)',
            left: 0,
            right: 0,
            zIndex: 190,
          }}
        >
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
              <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
              <Text size="sm" fw={500}>
                {t(current.message)}
                {current.url ? (
                  <>
                    {' '}
                    <Anchor
                      href={current.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      inherit
                      c="inherit"
                      underline="always"
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {t('StatusBanner.LearnMore')}
                    </Anchor>
                  </>
                ) : null}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="white" color="dark" onClick={onHide}>
                {t('StatusBanner.Hide')}
              </Button>
              <CloseButton
                aria-label={t('StatusBanner.Close')}
                onClick={onHide}
                c="inherit"
                variant="transparent"
              />
            </Group>
          </Group>
        </Paper>
      )}
    </Transition>
  );
}

function sameContent(a: BannerContent, b: BannerContent | null): boolean {
  return b !== null && a.message === b.message && a.url === b.url && a.kind === b.kind;
}
