/**
 * Reading the emails the server sends, for the specs that follow their links (sign-up, reset
 * password); the SMTP servers that catch them (the run's mail sink, the users spec's own) are
 * the server tests' catcher (apps/server/test/helpers/smtp-catcher.ts).
 */

/** Decodes a quoted-printable body (RFC 2045), as nodemailer writes long lines. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A raw email's headers and its body, the body decoded when it is quoted-printable. */
export function splitMail(raw: string): { headers: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = /quoted-printable/i.test(headers)
    ? decodeQuotedPrintable(raw.slice(split))
    : raw.slice(split);
  return { headers, body };
}

/** The path and query of the first link to `route` (as `/signup`) in `body` (none: null). */
export function linkPath(body: string, route: string): string | null {
  const link = body.match(new RegExp(`https?://\\S+${route}\\?\\S+`))?.[0];
  if (!link) return null;
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
