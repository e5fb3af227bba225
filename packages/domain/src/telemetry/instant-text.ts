/**
 * An instant as JavaScript writes it (`toISOString`: `YYYY-MM-DDTHH:mm:ss.sssZ`), made faster for
 * the many instants of one answer: a chart's 1,440–2,200 bucket starts were a fifth of the
 * server's work per series call (0.5 ms of toISOString each time). The date part is made once per
 * UTC day and the time of day from two- and three-digit tables.
 */
const DAY_MS = 86_400_000;
/** Beyond this (the year 10000) JavaScript writes six-digit years: left to toISOString. */
const FOUR_DIGIT_YEARS_END_MS = 253_402_300_800_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

let lastDay = Number.NaN;
let lastDayText = '';

/** `new Date(ms).toISOString()`, for an integer number of milliseconds since the epoch. */
export function instantText(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= FOUR_DIGIT_YEARS_END_MS) {
    return new Date(ms).toISOString();
  }
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    lastDay = day;
    lastDayText = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const milliseconds = rest % 1000;
  rest = (rest - milliseconds) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  const hours = (rest - minutes) / 60;
  return (
    lastDayText +
    TWO_DIGITS[hours] +
    ':' +
    TWO_DIGITS[minutes] +
    ':' +
    TWO_DIGITS[seconds] +
    '.' +
    THREE_DIGITS[milliseconds] +
    'Z'
  );
}
