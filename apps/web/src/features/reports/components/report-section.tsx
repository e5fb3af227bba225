/**
 * A section of the reports page (the exports, the scheduled reports): a card named by its heading,
 * so a screen reader announces it, and whose table can point at the same heading.
 */
import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function ReportSection({
  titleId,
  title,
  children,
}: {
  /** The heading's id, for the section's and its table's aria-labelledby. */
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
