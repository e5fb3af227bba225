/** Small pieces that show a §9 status colour with its words, so colour is never the only cue. */
import { Badge, Box, Text } from '@mantine/core';
import { COLOURS, type ProgramClientStatus } from '@paddock/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clientStatusKey, clientStatusLevel } from '../client-status.ts';

const LEVEL_COLOUR = { info: 'irrigated', error: 'fault', primary: 'blue', warning: 'warning' };

/** Pale status colours need dark text; the rest read white. */
const PALE: readonly string[] = [COLOURS.stopped, COLOURS.warning, COLOURS.paused];

function textColourOn(background: string): string {
  return PALE.includes(background) ? '#263238' : '#ffffff';
}

/** A badge filled with a status colour. */
export function StateBadge({
  colour,
  children,
  size = 'md',
}: {
  colour: string;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      size={size}
      variant="filled"
      style={{
        background: colour,
        color: textColourOn(colour),
        border: '1px solid rgba(0,0,0,.15)',
      }}
    >
      {children}
    </Badge>
  );
}

/**
 * A square of a zone's fill with its stroke around it (decorative: words go beside it); dashed
 * and empty, it is an outline alone (a ban's).
 */
export function ColourSwatch({
  fill,
  stroke,
  dashed = false,
}: {
  fill?: string;
  stroke?: string;
  dashed?: boolean;
}) {
  return (
    <Box
      aria-hidden
      style={{
        width: 14,
        height: 14,
        flex: '0 0 14px',
        borderRadius: 3,
        background: fill,
        border: `2px ${dashed ? 'dashed' : 'solid'} ${stroke ?? 'rgba(0,0,0,.35)'}`,
      }}
    />
  );
}

/** The §4 client status of the last action, announced politely, in a badge of its level. */
export function ClientStatusLine({ status }: { status: ProgramClientStatus | null }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" role="status" aria-live="polite">
      {status !== null && (
        <>
          {t('Irrigation.Program.Status')}:{' '}
          <Badge
            variant="light"
            color={LEVEL_COLOUR[clientStatusLevel(status)]}
            data-testid="client-status"
          >
            {t(clientStatusKey(status))}
          </Badge>
        </>
      )}
    </Text>
  );
}
