/** A round dot of a status or program colour beside its words (decorative: the words carry it). */
import { Box } from '@mantine/core';

export function ColourDot({
  colour,
  size,
  border,
}: {
  colour: string;
  size: number;
  /** An edge, for pale colours on a pale background. */
  border?: string;
}) {
  return (
    <Box
      aria-hidden
      w={size}
      h={size}
      style={{ borderRadius: '50%', flexShrink: 0, background: colour, border }}
    />
  );
}
