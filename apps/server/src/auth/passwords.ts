import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';

/**
 * Password hashes computed at once. argon2 runs on libuv's threads (4 by default), each taking a
 * core for tens of milliseconds: 200 sign-ins at once filled every core and held other calls for
 * up to 2 s (`/appConfig.json`). The rest wait their turn in order, so one core stays free for
 * the event loop and whatever else the threads serve (files, compression).
 */
const CONCURRENT_PASSWORD_HASHES = Math.max(1, availableParallelism() - 1);

/** A first-come first-served turn at hashing, `slots` at a time. */
function turns(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

const hashingTurn = turns(CONCURRENT_PASSWORD_HASHES);

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum). */
export function hashPassword(password: string): Promise<string> {
  return hashingTurn(() => hash(password));
}

/**
 * What a password is verified against when the account is unknown or not yet activated, so the
 * answer takes as long as a wrong password's. Made once at start with the same parameters as
 * every stored hash: made on first use, it would make that one answer stand out.
 */
const dummyHash = hashPassword('no account has this password');

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    const dummy = await dummyHash;
    await hashingTurn(() => verify(dummy, password));
    return false;
  }
  return hashingTurn(() => verify(passwordHash, password)).catch(() => false);
}
