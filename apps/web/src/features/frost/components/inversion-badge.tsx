/**
 * An inversion's class (the domain's classifyInversion) as a badge: strong in the success green,
 * since the fans have warm air to mix down; weak in the warning yellow; none grey, since a fan
 * then moves cold air.
 */
import { COLOURS, type InversionClass } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { NEUTRAL_COLOUR } from '../../../components/map/map-items.ts';
import { ColourBadge } from './colour-badge.tsx';

export const INVERSION_COLOURS: Record<InversionClass, string> = {
  strong: COLOURS.success,
  weak: COLOURS.warning,
  none: NEUTRAL_COLOUR,
};

export function InversionBadge({
  inversionClass,
  size = 'xs',
}: {
  inversionClass: InversionClass;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <ColourBadge
      data-testid="inversion-class"
      data-class={inversionClass}
      size={size}
      colour={INVERSION_COLOURS[inversionClass]}
      darkText={inversionClass === 'weak'}
    >
      {t(`Frost.InversionClass.${inversionClass}`)}
    </ColourBadge>
  );
}
