import { eq } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { outboundEmails, sites } from '../src/db/schema.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createTestDatabase } from './helpers/database.ts';
import { countRows } from './helpers/rows.ts';

const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

describe('configuration', () => {
  it('an empty variable counts as unset, so the embedded database is used', () => {
    expect(loadConfig({ DATABASE_URL: '', PADDOCK_DATA_DIR: '/tmp/x' }).database).toEqual({
      kind: 'pglite',
      dataDir: '/tmp/x',
    });
  });

  it('DATABASE_URL selects PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/paddock' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/paddock',
    });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://db/paddock' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PADDOCK_TOKEN_SECRET: 'short' }, 'PADDOCK_TOKEN_SECRET'],
    [{ PADDOCK_DEMO: 'perhaps' }, 'PADDOCK_DEMO'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('data folder lock', () => {
  it('one holder at a time; released, it can be taken again', () => {
    const dir = tempDir('paddock-lock-');
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dir)();
  });

  it('a lock left by a process that no longer runs is taken over', () => {
    const dir = tempDir('paddock-lock-');
    // Above the kernel's pid_max, so no process can have it.
    writeFileSync(path.join(dir, 'paddock.lock'), '99999999');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'paddock.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('embedded database in a data folder', () => {
  it('keeps its data across a restart and refuses a second opener', async () => {
    const dataDir = tempDir('paddock-db-');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.db.insert(sites).values({
      label: 'Kept',
      location: '[-39.6,176.8]',
      tags: { country: 'nz', region: "Hawke's Bay", cropType: 'grapes' },
      settings: {},
      config: {},
    });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirLockedError);
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir });
    const rows = await again.db.select({ label: sites.label }).from(sites);
    expect(rows).toEqual([{ label: 'Kept' }]);
    await again.close();
  });
});

describe('mailer', () => {
  it('without SMTP every message is recorded and written to the outbox as an .eml file', async () => {
    const handle = await createTestDatabase();
    const outboxDir = tempDir('paddock-outbox-');
    const mailer = createMailer({
      db: handle.db,
      from: 'Paddock <no-reply@paddock.example>',
      smtpUrl: null,
      outboxDir,
    });
    const result = await mailer.send({
      to: 'ana@farm.test',
      subject: 'Frost alarm',
      text: 'Canopy at -1.5 °C',
    });
    expect(result.delivered).toBe('outbox');
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outboxDir, files[0] as string), 'utf8');
    expect(eml).toContain('To: ana@farm.test');
    expect(eml).toContain('Subject: Frost alarm');
    const [row] = await handle.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.id, result.id));
    expect(row?.sentAt).toBeInstanceOf(Date);
    await handle.close();
  });

  it('a failed SMTP delivery keeps the message with its error, never dropping it', async () => {
    const handle = await createTestDatabase();
    // Port 9 on loopback: nothing listens, the connection is refused at once.
    const mailer = createMailer({
      db: handle.db,
      from: 'Paddock <no-reply@paddock.example>',
      smtpUrl: 'smtp://127.0.0.1:9',
      outboxDir: tempDir('paddock-outbox-'),
    });
    const result = await mailer.send({ to: 'ana@farm.test', subject: 'Reset', text: 'link' });
    expect(result.delivered).toBe('failed');
    const [row] = await handle.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.id, result.id));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
    expect(await countRows(handle.db, outboundEmails)).toBe(1);
    mailer.close();
    await handle.close();
  });
});
