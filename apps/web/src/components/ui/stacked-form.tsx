/**
 * A form the console checks itself (the browser's own validation is off, so messages come in
 * the console's words) whose submit stays on the page, its fields stacked.
 */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export function StackedForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">{children}</Stack>
    </form>
  );
}
