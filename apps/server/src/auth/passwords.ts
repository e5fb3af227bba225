import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  // Unknown or unactivated accounts have no hash; verify a dummy anyway so timing does not tell them apart.
  if (!passwordHash) {
    dummyHash ??= hash('no account has this password');
    await verify(await dummyHash, password);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
