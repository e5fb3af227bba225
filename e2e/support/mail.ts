/**
 * Reading the emails the server sends, for the specs that follow their links (sign-up, reset
 * password); the SMTP servers that catch them (the run's mail sink, the users spec's own) are
 * the server tests' catcher (apps/server/test/helpers/smtp-catcher.ts); and the sms the sms/voice
 * provider's stand-in took.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

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

/**
 * A raw email's headers and body as one text, the body decoded: a name looked for in it may sit in
 * the subject, or in a quoted-printable body where a soft line break falls inside it.
 */
export function mailText(raw: string): string {
  const { headers, body } = splitMail(raw);
  return `${headers}\n${body}`;
}

/** The path and query of the first link to `route` (as `/signup`) in `body` (none: null). */
export function linkPath(body: string, route: string): string | null {
  const link = body.match(new RegExp(`https?://\\S+${route}\\?\\S+`))?.[0];
  if (!link) return null;
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** An email the run's mail sink took (written into the server's outbox folder). */
export type OutboxMail = { file: string; at: number; to: string; raw: string };

/** The emails the run's SMTP sink wrote into `outbox`, oldest first. */
export function outboxMails(outbox: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.startsWith('smtp-') && name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const raw = readFileSync(path.join(outbox, file), 'utf8');
    return {
      file,
      at: Number(file.split('-')[1]),
      to: /^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? '',
      raw,
    };
  });
}

/** An sms or call the sms/voice provider's stand-in took. */
export type StandinMessage = { to: string; body: string | null; dateCreated: string; kind: string };

/** The sms the provider's stand-in at `twilioUrl` took (none without a stand-in). */
export async function standinSms(
  request: APIRequestContext,
  twilioUrl: string | null,
): Promise<StandinMessage[]> {
  if (!twilioUrl) return [];
  const response = await request.get(`${twilioUrl}/standin/outbox`);
  if (!response.ok()) return [];
  const records = (await response.json()) as StandinMessage[] | { records: StandinMessage[] };
  const list = Array.isArray(records) ? records : records.records;
  return list.filter((record) => record.kind === 'sms');
}
