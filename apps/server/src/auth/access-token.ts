/**
 * Short-lived access tokens (HS256 JWT). They carry the user, the session they belong to (so
 * logout ends them) and, under login/as, the staff member acting.
 */
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { RecentMap } from '../recent-map.ts';

const ISSUER = 'paddock';
const AUDIENCE = 'paddock-api';

export type AccessClaims = { userId: number; sessionId: string; actorUserId: number | null };

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.uuid(),
  act: z.number().int().positive().optional(),
});

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlSeconds: number,
  nowMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(nowMs / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT({
    sid: claims.sessionId,
    ...(claims.actorUserId ? { act: claims.actorUserId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt: expiresAt * 1000 };
}

/**
 * Tokens that verified, per secret, until they expire. A console sends the same token with every
 * call for its lifetime, and checking the signature again (WebCrypto, off the event loop and back)
 * cost more than some calls; a token string that verified once stays valid until its `exp`.
 */
const verified = new WeakMap<
  Uint8Array,
  RecentMap<string, { claims: AccessClaims; exp: number }>
>();
/** Past this many remembered tokens per secret the oldest are dropped (and verified again). */
const VERIFIED_TOKENS_KEPT = 50_000;

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now: Date,
): Promise<AccessClaims | null> {
  // As jose compares: whole seconds, expired once `exp` is reached.
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let known = verified.get(secret);
  const hit = known?.get(token);
  if (hit) return nowSeconds < hit.exp ? hit.claims : null;
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success || payload.exp === undefined) return null;
    const claims = {
      userId: Number(parsed.data.sub),
      sessionId: parsed.data.sid,
      actorUserId: parsed.data.act ?? null,
    };
    if (!known) {
      known = new RecentMap(VERIFIED_TOKENS_KEPT);
      verified.set(secret, known);
    }
    known.set(token, { claims, exp: payload.exp });
    return claims;
  } catch {
    return null;
  }
}
