/**
 * A real SMTP server (the `smtp-server` package) that catches what the server sends, for tests
 * that follow an email through SMTP as production does, with no mail leaving the machine.
 */
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: its envelope and its raw text. */
export type CaughtMail = { from: string; to: string[]; raw: string };

/** Hands every message it receives to `onMail`; plain SMTP, so there is no certificate to trust. */
export function catchingSmtpServer(onMail: (mail: CaughtMail) => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        onMail({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
}
