/**
 * A form the console checks itself (the browser's own validation is off, so messages come in
 * the console's words) whose submit stays on the page, its fields stacked.
 */
import { Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export function StackedForm({
  onSubmit,
  gap = 'sm',
  children,
}: {
  onSubmit: () => void;
  /** The space between the fields. */
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={gap}>{children}</Stack>
    </form>
  );
}
