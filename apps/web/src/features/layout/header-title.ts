/**
 * The header title (§2) in the user's language. The domain's headerTitle decides what it says —
 * 'Dashboard', 'Zone {label}', '{label} - Alarms', a label, loading or nothing. Asked again with
 * placeholders for the labels, its English wording is the translation key ('Zone {{zone}}',
 * '{{area}} - Alarms'), so no wording is spelled twice.
 */
import { headerTitle, type HeaderContext, type Route } from '@paddock/domain';

export type TranslatedTitle =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'loading' }
  | { readonly kind: 'none' };

const PLACEHOLDERS = { siteLabel: '{{site}}', areaLabel: '{{area}}', zoneLabel: '{{zone}}' };

export function translatedHeaderTitle(
  route: Route,
  context: HeaderContext,
  t: (key: string, options?: Record<string, unknown>) => string,
): TranslatedTitle {
  const title = headerTitle(route, context);
  if (title.kind !== 'text') return title;
  const template = headerTitle(route, PLACEHOLDERS);
  if (template.kind !== 'text') return title;
  return {
    kind: 'text',
    text: t(template.text, {
      site: context.siteLabel ?? '',
      area: context.areaLabel ?? '',
      zone: context.zoneLabel ?? '',
    }),
  };
}
