import { useTranslation } from 'react-i18next';
import { signalBars } from './hardware-items.ts';

/**
 * Signal as bars on the §9 signal scale (5 for a repeater, else 4; 7 in large mode), lit by
 * strength; the dBm value is its accessible name and tooltip.
 */
export function SignalBars({
  signalValue,
  repeater = false,
  large = false,
}: {
  readonly signalValue: number | null;
  readonly repeater?: boolean;
  readonly large?: boolean;
}) {
  const { t } = useTranslation();
  const { lit, of } = signalBars(signalValue, { repeater, large });
  const label =
    signalValue === null
      ? t('Hardware.Signal.None')
      : t('Hardware.Signal.Value', { value: signalValue, lit, of });
  const height = large ? 22 : 14;
  const barWidth = large ? 5 : 3;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-bars={lit}
      data-scale={of}
      style={{ display: 'inline-flex', alignItems: 'flex-end', gap: 1, height }}
    >
      {Array.from({ length: of }, (_, index) => (
        <span
          key={index}
          style={{
            width: barWidth,
            height: `${Math.round(((index + 1) / of) * 100)}%`,
            borderRadius: 1,
            background:
              index < lit ? 'var(--mantine-color-text)' : 'var(--mantine-color-default-border)',
          }}
        />
      ))}
    </span>
  );
}
