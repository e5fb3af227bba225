/** The site-local day (YYYY-MM-DD) of a time, with one formatter per zone (reports format many). */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function localDay(time: number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format.format(new Date(time));
}
