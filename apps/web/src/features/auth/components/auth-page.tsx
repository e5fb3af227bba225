import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A sign-in screen's page inside the auth layout's card (§2): its title, a line under it when
 * there is one, then the page's form.
 */
export function AuthPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string | null;
  children: ReactNode;
}) {
  return (
    <Stack>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}
