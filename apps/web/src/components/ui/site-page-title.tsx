/** A site page's heading: the site's name small above the page's title, and any line under it. */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SitePageTitle({
  siteLabel,
  title,
  children,
}: {
  siteLabel: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={2}>
      <Text c="dimmed" size="sm">
        {siteLabel}
      </Text>
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}
