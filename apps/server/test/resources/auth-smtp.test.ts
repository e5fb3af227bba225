/**
 * The password reset email end to end: through a real SMTP server started here (no test reaches
 * outside the machine), and, without SMTP, into the local outbox as an .eml file.
 */
import { eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboundEmails } from '../../src/db/schema.ts';
import { TEST_PASSWORD } from '../helpers/farm.ts';
import { catchingSmtpServer, type CaughtMail } from '../helpers/smtp-catcher.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'Kumara&Feijoa9';

/** The readable text of a raw message: quoted-printable soft breaks and escapes undone. */
function decodeMessage(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function resetTokenIn(text: string): string {
  const match = /\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
  return match[1];
}

/** Reset through the API, then sign in with the new password: the whole forgot-password path. */
async function finishResetAndSignIn(t: TestApp, login: string, token: string) {
  const finish = await t.app.inject({
    method: 'POST',
    url: '/api/login/reset-password/finish',
    payload: { token, newPassword: NEW_PASSWORD },
  });
  expect(finish.statusCode).toBe(204);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user: login, password: NEW_PASSWORD, region: t.config.region },
  });
  expect(signIn.statusCode).toBe(200);
  expect(signIn.json().loginId).toBe(login);
  const oldPassword = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user: login, password: TEST_PASSWORD, region: t.config.region },
  });
  expect(oldPassword.statusCode).toBe(401);
}

describe('reset email through SMTP', () => {
  const received: CaughtMail[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = catchingSmtpServer((mail) => received.push(mail));
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('the reset link arrives by SMTP, and its token resets the password', async () => {
    const { manager } = t.farm.users;
    const begin = await t.app.inject({
      method: 'POST',
      url: '/api/login/reset-password/begin',
      payload: { email: manager.login, legacy: false },
    });
    expect(begin.statusCode).toBe(204);

    // The call answers before the message goes, so that its time tells nobody who has an account:
    // it is recorded as sent once SMTP has taken it (a hang guard, not a measure of speed).
    const row = await vi.waitFor(
      async () => {
        const [sent] = await t.db
          .select()
          .from(outboundEmails)
          .where(eq(outboundEmails.to, manager.login));
        if (!sent?.sentAt) throw new Error('reset email not sent yet');
        return sent;
      },
      { timeout: 60_000 },
    );
    expect(row.error).toBeNull();
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.to).toEqual([manager.login]);
    expect(message?.from).toBe('no-reply@paddock.example');
    const text = decodeMessage(message?.raw ?? '');
    expect(text).toMatch(/^Subject: Reset your Paddock password$/m);
    expect(text).toContain(`${t.config.publicUrl}/resetPassword?token=`);

    // Nothing goes to the outbox when SMTP is set.
    expect(readdirSync(t.outboxDir).filter((name) => name.endsWith('.eml'))).toEqual([]);

    await finishResetAndSignIn(t, manager.login, resetTokenIn(text));
  });
});

describe('reset email without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lands as an .eml file in the outbox, and its token resets the password', async () => {
    const { monitor } = t.farm.users;
    const begin = await t.app.inject({
      method: 'POST',
      url: '/api/login/reset-password/begin',
      payload: { email: monitor.login, legacy: true },
    });
    expect(begin.statusCode).toBe(204);

    const emlFiles = () => readdirSync(t.outboxDir).filter((name) => name.endsWith('.eml'));
    // The message goes after the answer; a hang guard, not a measure of speed.
    await vi.waitFor(() => expect(emlFiles()).toHaveLength(1), { timeout: 60_000 });
    const files = emlFiles();
    const text = decodeMessage(readFileSync(path.join(t.outboxDir, files[0] ?? ''), 'latin1'));
    expect(text).toMatch(new RegExp(`^To: ${monitor.login}$`, 'm'));
    expect(text).toMatch(/^Subject: Reset your Paddock password$/m);
    expect(text).toMatch(/resetPassword\?token=[\w-]+&legacy=true/);

    await finishResetAndSignIn(t, monitor.login, resetTokenIn(text));
  });
});
