/**
 * The last-update display (§9) in words, in the user's language, with Intl.RelativeTimeFormat
 * (§1 "German relative-time labels exist"): the domain's `lastUpdateDisplay` decides the unit and
 * value, this only words it.
 *
 *   formatLastUpdate(lastUpdateDisplay(radio.lastUpdate, now), i18n.language)
 *   // en: '45 seconds ago', '12 minutes ago', '> 1 hour ago', '--'
 *   // de: 'vor 45 Sekunden', 'vor 12 Minuten', 'vor > 1 Stunde', '--'
 *
 * Use `style: 'short'` or `'narrow'` where space is tight (tab labels): '12 min. ago', 'vor 12 Min.'.
 */
import type { LastUpdateDisplay } from '@paddock/domain';

export interface FormatLastUpdateOptions {
  readonly style?: Intl.RelativeTimeFormatStyle;
}

const formatters = new Map<string, Intl.RelativeTimeFormat>();

function formatter(lng: string, style: Intl.RelativeTimeFormatStyle): Intl.RelativeTimeFormat {
  const id = `${lng}|${style}`;
  let rtf = formatters.get(id);
  if (!rtf) {
    try {
      rtf = new Intl.RelativeTimeFormat(lng, { numeric: 'auto', style });
    } catch {
      // An unknown language tag: English wording rather than a crash.
      rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style });
    }
    formatters.set(id, rtf);
  }
  return rtf;
}

export function formatLastUpdate(
  display: LastUpdateDisplay,
  lng: string,
  { style = 'long' }: FormatLastUpdateOptions = {},
): string {
  if (display.unit === 'none') return display.text;
  const rtf = formatter(lng, style);
  if (display.unit === 'hour') {
    // '> 1' in place of the number: '> 1 hour ago', 'vor > 1 Stunde'.
    return rtf
      .formatToParts(-1, 'hour')
      .map((part) => (part.type === 'integer' ? display.value : part.value))
      .join('');
  }
  return rtf.format(-display.value, display.unit);
}
