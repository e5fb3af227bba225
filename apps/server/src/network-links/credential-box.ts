/**
 * A network link's password at rest (issue 32 item 1): sealed with AES-256-GCM under a key
 * derived (HKDF-SHA256) from the field secret, which every process of the server already loads
 * (auth/secrets.ts) — the API seals, the ingest role opens. A copy of the database alone does not
 * give the password, and a sealed value changed or moved to another secret fails to open rather
 * than giving a wrong one. Sealed form: `v1.` + base64url of iv (12 bytes), tag (16), ciphertext.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Ties the key to this one use: the field secret also derives broker keys. */
const KEY_INFO = 'paddock network-link credentials v1';

export type CredentialBox = {
  seal: (plain: string) => string;
  /** The plain text, or null when the sealed value is not one of this key's. */
  open: (sealed: string) => string | null;
};

export function credentialBox(fieldSecret: string): CredentialBox {
  const key = Buffer.from(hkdfSync('sha256', fieldSecret, '', KEY_INFO, 32));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) return null;
      const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
