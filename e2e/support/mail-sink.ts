/**
 * A real SMTP server (the `smtp-server` package) for the run's shared server: it listens on
 * MAIL_SINK_PORT and writes every message it receives, as the server's own outbox does, to
 * `${MAIL_SINK_DIR}/smtp-{time}-{n}.eml` with its envelope recipients in an `X-Envelope-To`
 * line first. Specs that read the outbox folder keep working, and the alarm specs see mail go
 * through SMTP as in production. Started by playwright.config.ts beside the server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { catchingSmtpServer } from '../../apps/server/test/helpers/smtp-catcher.ts';

const port = Number(process.env.MAIL_SINK_PORT);
const dir = process.env.MAIL_SINK_DIR;
if (!Number.isInteger(port) || port <= 0 || !dir) {
  throw new Error('MAIL_SINK_PORT and MAIL_SINK_DIR are required');
}
mkdirSync(dir, { recursive: true });

let count = 0;
const server = catchingSmtpServer((mail) => {
  count += 1;
  // Zero-padded so the names sort by arrival, newest last.
  const name = `smtp-${String(Date.now()).padStart(15, '0')}-${String(count).padStart(6, '0')}.eml`;
  writeFileSync(path.join(dir, name), `X-Envelope-To: ${mail.to.join(', ')}\r\n${mail.raw}`);
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
