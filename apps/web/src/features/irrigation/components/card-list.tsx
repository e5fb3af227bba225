/**
 * The lists inside the irrigation cards (the program's zones, a zone's valves), so both read the
 * same way: one row a line, ruled off from the next, its name and details in a column that takes
 * the room left.
 */
import { Group, Stack, type GroupProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from 'react';

export function CardList({ children }: { children: ReactNode }) {
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}

const RULED: CSSProperties = { borderBottom: '1px solid var(--mantine-color-default-border)' };

type CardListRowProps = Omit<GroupProps, 'style'> &
  Omit<ComponentPropsWithoutRef<'li'>, keyof GroupProps | 'style'> & {
    /** Over the rule: a selected row's background, say. */
    style?: CSSProperties;
  };

export function CardListRow({ style, ...props }: CardListRowProps) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" py={6} style={{ ...RULED, ...style }} {...props} />
  );
}

/** The row's name over its details, truncated rather than pushing the row's badges out. */
export function CardListRowMain({ children }: { children: ReactNode }) {
  return (
    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
      {children}
    </Stack>
  );
}
