import { ActionIcon, Burger, Button, Group, Loader, Title } from '@mantine/core';
import type { HeaderLeading } from '@paddock/domain';
import { IconArrowLeft, IconLayoutDashboard } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslatedTitle } from '../header-title.ts';

export interface AppHeaderProps {
  /** Menu icon (toggles the sidebar) or a back arrow (zone and alarms pages), domain headerLeading. */
  readonly leading: HeaderLeading;
  readonly sidebarOpened: boolean;
  readonly onToggleSidebar: () => void;
  /** The menu icon, so a click on it is not an outside click of the sidebar. */
  readonly menuButtonRef?: Ref<HTMLButtonElement>;
  readonly title: TranslatedTitle;
  /** Beside the title: e.g. the area's rename when the title is the area's name. */
  readonly titleAction?: ReactNode;
  /** Where the Summary button leads, or null when it is not shown (domain showSummaryButton). */
  readonly summaryPath: string | null;
  readonly userMenu: ReactNode;
  /** Shown when the route has no title (landing, not found). */
  readonly productName: string;
}

/** A header button that is only an icon and a link (back, and the phone's Summary). */
function HeaderIconLink({
  to,
  label,
  children,
  ...look
}: {
  readonly to: string;
  readonly label: string;
  readonly children: ReactNode;
  readonly variant: 'subtle' | 'light';
  readonly color?: 'gray';
  readonly hiddenFrom?: 'xs';
}) {
  return (
    <ActionIcon component={Link} to={to} size="lg" aria-label={label} {...look}>
      {children}
    </ActionIcon>
  );
}

/** §2 Header: leading control, title, Summary button and the user menu. */
export function AppHeader({
  leading,
  sidebarOpened,
  onToggleSidebar,
  menuButtonRef,
  title,
  titleAction,
  summaryPath,
  userMenu,
  productName,
}: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        {leading.kind === 'menu' ? (
          <Burger
            ref={menuButtonRef}
            opened={sidebarOpened}
            onClick={onToggleSidebar}
            size="sm"
            aria-label={t('Header.ToggleSidebar')}
            aria-expanded={sidebarOpened}
            aria-controls="app-sidebar"
          />
        ) : (
          <HeaderIconLink to={leading.to} label={t('Header.Back')} variant="subtle" color="gray">
            <IconArrowLeft size={20} />
          </HeaderIconLink>
        )}
        {title.kind === 'loading' ? (
          <Loader size="xs" aria-label={t('Common.Loading')} />
        ) : (
          <Title order={1} size="h4" lineClamp={1} style={{ minWidth: 0 }}>
            {title.kind === 'text' ? title.text : productName}
          </Title>
        )}
        {titleAction}
      </Group>
      <Group gap={4} wrap="nowrap">
        {summaryPath !== null && (
          <>
            <Button
              component={Link}
              to={summaryPath}
              variant="light"
              size="xs"
              leftSection={<IconLayoutDashboard size={16} />}
              visibleFrom="xs"
            >
              {t('Header.Summary')}
            </Button>
            <HeaderIconLink
              to={summaryPath}
              label={t('Header.Summary')}
              variant="light"
              hiddenFrom="xs"
            >
              <IconLayoutDashboard size={18} />
            </HeaderIconLink>
          </>
        )}
        {userMenu}
      </Group>
    </Group>
  );
}
