/** How the frost views write a night's times and dates, in the reader's language. */

/** A time of day in the site's zone, on the 24-hour clock ('04:30'). */
export function siteClock(language: string, timeZone: string, iso: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A frost night by the local date it began (YYYY-MM-DD), e.g. 'Sat, 28 Nov 2026'. */
export function nightDate(language: string, night: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${night}T12:00:00Z`));
}
