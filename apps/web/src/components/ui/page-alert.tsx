/**
 * A page whose content cannot be shown (its data did not load, the site is offline): one alert in
 * the fault colour, alone and narrow in the middle of the page, where the content would be.
 */
import { Alert, Container } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Alert color="fault" role="alert" title={title}>
        {children}
      </Alert>
    </Container>
  );
}
