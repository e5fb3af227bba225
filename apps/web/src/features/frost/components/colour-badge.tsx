/**
 * A filled badge in a state's colour (a fan's state, an inversion's class): dark text on the
 * light colours, white on the others; its word is short, so it is never cut on a narrow table.
 */
import { Badge, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

export function ColourBadge({
  colour,
  darkText,
  size,
  children,
  ...data
}: {
  readonly colour: string;
  readonly darkText: boolean;
  readonly size: MantineSize;
  readonly children: ReactNode;
  readonly [attribute: `data-${string}`]: string;
}) {
  return (
    <Badge
      {...data}
      variant="filled"
      size={size}
      styles={{
        root: {
          backgroundColor: colour,
          color: darkText ? '#37474F' : '#fff',
          overflow: 'visible',
        },
        label: { overflow: 'visible' },
      }}
    >
      {children}
    </Badge>
  );
}
