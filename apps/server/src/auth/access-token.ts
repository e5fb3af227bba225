/**
 * Short-lived access tokens (HS256 JWT). They carry the user, the session they belong to (so
 * logout ends them) and, under login/as, the staff member acting.
 */
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

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

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    return {
      userId: Number(claims.data.sub),
      sessionId: claims.data.sid,
      actorUserId: claims.data.act ?? null,
    };
  } catch {
    return null;
  }
}
