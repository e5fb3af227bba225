/**
 * Start-up problems a person can fix — a port another process holds, a data folder another
 * server uses, a bad setting — told in one line that names the port or folder and the variable
 * that changes it. Anything else is a bug and keeps its stack trace.
 */
import { ConfigError } from '../config.ts';
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

/** The one line to print for a start-up error a person can fix; null for anything else. */
export function startupProblem(error: unknown): string | null {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  return null;
}
