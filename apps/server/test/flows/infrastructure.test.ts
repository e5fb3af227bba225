import { eq } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/data-dir-lock.ts';
import { outboundEmails, sites } from '../../src/db/schema.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { startServer } from '../../src/start/server.ts';
import { startupProblem } from '../../src/start/startup-errors.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { countRows } from '../helpers/rows.ts';

const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));
const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

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
      // The defaults: a hung database answers 503 instead of holding calls (issue 19).
      statementTimeoutMs: 15_000,
      connectTimeoutMs: 5_000,
      // Background work's own pool, apart from people's requests (issue 27).
      backgroundPoolSize: 3,
    });
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://u@db:5432/paddock',
        DATABASE_BACKGROUND_POOL_SIZE: '5',
      }).database,
    ).toMatchObject({ backgroundPoolSize: 5 });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://db/paddock' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PADDOCK_TOKEN_SECRET: 'short' }, 'PADDOCK_TOKEN_SECRET'],
    [{ LOG_FORMAT: 'fancy' }, 'LOG_FORMAT'],
    [{ DATABASE_BACKGROUND_POOL_SIZE: '0' }, 'DATABASE_BACKGROUND_POOL_SIZE'],
    [{ HTTP_HEADERS_TIMEOUT_SECONDS: '60', HTTP_REQUEST_TIMEOUT_SECONDS: '30' }, 'HTTP_HEADERS'],
    [{ HTTP_MAX_CONNECTIONS: '0' }, 'HTTP_MAX_CONNECTIONS'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('start-up problems a person can fix, in one line', () => {
  /** The server with the API alone on an embedded database in a new folder, silent. */
  const settings = (env: Record<string, string>) =>
    loadConfig({
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PADDOCK_ROLES: 'api',
      PADDOCK_DATA_DIR: tempDir('paddock-start-'),
      MQTT_PORT: '0',
      ...env,
    });

  /** A port another process holds, for as long as the test runs. */
  async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    return { port, release: () => new Promise((resolve) => holder.close(() => resolve())) };
  }

  /** What the start threw; null (and the server stopped again) when it started. */
  async function startFailure(config: ReturnType<typeof settings>): Promise<unknown> {
    try {
      await (await startServer(config)).close();
      return null;
    } catch (error) {
      return error;
    }
  }

  it.each([
    ['PORT', (port: number) => ({ PORT: String(port) })],
    ['MQTT_PORT', (port: number) => ({ PORT: '0', MQTT_PORT: String(port) })],
  ])('a port in use names it and %s, and frees the data folder', async (variable, env) => {
    const held = await holdPort();
    try {
      const config = settings(env(held.port));
      const error = await startFailure(config);
      expect(error).toBeInstanceOf(ConfigError);
      expect(startupProblem(error)).toBe(
        `Port ${held.port} is in use: set ${variable} to another port.`,
      );
      // Everything it had opened is closed again: the folder can be taken at once.
      acquireDataDirLock(config.dataDir)();
    } finally {
      await held.release();
    }
  });

  it('a data folder another server holds names the folder and PADDOCK_DATA_DIR', async () => {
    const config = settings({ PORT: '0' });
    const release = acquireDataDirLock(config.dataDir);
    try {
      const error = await startFailure(config);
      expect(startupProblem(error)).toBe(
        `The data folder ${config.dataDir} is in use by process ${process.pid}; stop it or set PADDOCK_DATA_DIR to another folder.`,
      );
    } finally {
      release();
    }
  });

  it('a bug is not mistaken for one: it keeps its stack', () => {
    expect(startupProblem(new TypeError('undefined is not a function'))).toBeNull();
  });

  it('`npm run serve` on a port in use prints that one line and nothing else', async () => {
    const held = await holdPort();
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repositoryRoot,
        encoding: 'utf8',
        // A hang guard, not a timing: the ports are tried before the new embedded database is
        // migrated, so the line comes in the time tsx takes to load the server.
        timeout: 240_000,
        env: {
          PATH: process.env.PATH,
          HOST: '127.0.0.1',
          PORT: String(held.port),
          MQTT_PORT: '0',
          PADDOCK_ROLES: 'api',
          PADDOCK_DATA_DIR: tempDir('paddock-start-'),
          LOG_LEVEL: 'warn',
        },
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(`Port ${held.port} is in use: set PORT to another port.\n`);
    } finally {
      await held.release();
    }
  });

  it('the running server tells where it listens and closes', async () => {
    const running = await startServer(settings({ PORT: '0' }));
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${running.url}/appConfig.json`)).ok).toBe(true);
      expect(running.broker.kind).toBe('embedded');
      expect(await running.gatewayKeys()).toEqual([]);
    } finally {
      await running.close();
    }
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
