/**
 * Start-up problems a person can fix — a port another process holds, a data folder another
 * server uses, a bad setting — told in one line that names the port or folder and the variable
 * that changes it. Anything else is a bug and keeps its stack trace.
 */
import { createServer } from 'node:net';
import { ConfigError, type ServerConfig } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

/**
 * The error of a `listen` on `port`, as a ConfigError naming `variable` when the port cannot be
 * had (held by another process, or not this user's to open); any other error as it is.
 */
export function portInUse(error: unknown, where: { port: number; variable: string }): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    return new ConfigError(`Port ${where.port} is in use: set ${where.variable} to another port.`);
  }
  if (code === 'EACCES') {
    return new ConfigError(
      `Port ${where.port} may not be opened by this user: set ${where.variable} to another port.`,
    );
  }
  return error;
}

/**
 * Tries each port the process will listen on (the HTTP port with the api role, the embedded
 * broker's without MQTT_URL) before anything else starts, so a port in use is told at once, not
 * after minutes of migrating a new database. The real listen later still reports a port taken in
 * between. Port 0 (any free port) is not tried.
 */
export async function checkPortsFree(config: ServerConfig): Promise<void> {
  const wanted: { port: number; variable: string }[] = [];
  if (config.field.roles.includes('api')) wanted.push({ port: config.port, variable: 'PORT' });
  if (!config.field.mqttUrl) {
    wanted.push({ port: config.field.embeddedBrokerPort, variable: 'MQTT_PORT' });
  }
  for (const where of wanted.filter((candidate) => candidate.port !== 0)) {
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', (error) => reject(portInUse(error, where)));
      probe.listen({ port: where.port, host: config.host, exclusive: true }, () =>
        probe.close(() => resolve()),
      );
    });
  }
}

/** The one line to print for a start-up error a person can fix; null for anything else. */
export function startupProblem(error: unknown): string | null {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  return null;
}
