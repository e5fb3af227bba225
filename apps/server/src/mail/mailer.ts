/**
 * Outgoing email. Every message is recorded in `outbound_emails` first, so none is ever lost.
 * With SMTP configured it is sent through nodemailer; without, it is written to the local
 * outbox folder as an .eml file that any mail program opens.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import {
  markEmailFailed,
  markEmailSent,
  recordOutboundEmail,
} from './outbound-email.repository.ts';

export type Email = {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (a scheduled report); the recorded row keeps their names only. */
  attachments?: { filename: string; content: Buffer }[];
};

export type Mailer = {
  /** Records and delivers the message; resolves once it is safely recorded and handed over. */
  send: (email: Email) => Promise<{ id: number; delivered: 'smtp' | 'outbox' | 'failed' }>;
  close: () => void;
};

export function createMailer(options: {
  db: Database;
  from: string;
  smtpUrl: string | null;
  outboxDir: string;
  log?: { error: (obj: object, msg: string) => void };
}): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const rfc822 = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  return {
    async send(email) {
      const { attachments, ...recorded } = email;
      const row = await recordOutboundEmail(
        options.db,
        attachments?.length
          ? {
              ...recorded,
              text: `${recorded.text}\n[attached: ${attachments.map((a) => a.filename).join(', ')}]`,
            }
          : recorded,
      );
      if (!row) throw new Error('email insert returned nothing');
      const message = { from: options.from, ...email };
      try {
        if (smtp) {
          await smtp.sendMail(message);
        } else {
          const info = await rfc822.sendMail(message);
          mkdirSync(options.outboxDir, { recursive: true });
          writeFileSync(
            path.join(options.outboxDir, `${String(row.id).padStart(6, '0')}.eml`),
            info.message as Buffer,
          );
        }
        await markEmailSent(options.db, row.id, new Date());
        return { id: row.id, delivered: smtp ? 'smtp' : 'outbox' };
      } catch (error) {
        // Kept with its error for a later retry; the caller's action still succeeds.
        const reason = error instanceof Error ? error.message : String(error);
        options.log?.error({ err: error, emailId: row.id }, 'email delivery failed');
        await markEmailFailed(options.db, row.id, reason);
        return { id: row.id, delivered: 'failed' };
      }
    },
    close() {
      smtp?.close();
    },
  };
}
