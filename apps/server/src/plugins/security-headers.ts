/**
 * Headers on every response, the console's pages and the API alike (docs/security.md).
 *
 * The Content-Security-Policy lets the console run and nothing else: scripts only from the
 * server's own files (the build has no inline script, so an injected one never runs); styles from
 * its files and inline, because Mantine writes its theme into <style> tags at run time and
 * components set style attributes (no script runs from a style); images from the server, data:
 * URLs (Leaflet's icons) and any HTTPS host, because the map's tile server is chosen when the
 * console is built (VITE_MAP_TILE_URL) and the server does not know it; fonts from the server;
 * calls to the server's API and, for error reports, Bugsnag; no plugins, no <base>, forms only to
 * the server, and no framing by any page (clickjacking).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where the console's error reports go (Bugsnag's notify and sessions endpoints). */
const ERROR_REPORTING_ORIGINS = ['https://notify.bugsnag.com', 'https://sessions.bugsnag.com'];

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src 'self' ${ERROR_REPORTING_ORIGINS.join(' ')}`,
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // Browsers from before frame-ancestors.
  'x-frame-options': 'DENY',
  // A response is only ever what its Content-Type says (no script sniffed out of JSON or text).
  'x-content-type-options': 'nosniff',
  // Other sites see our origin, never a path or query: links carry reset and invitation tokens,
  // and tile servers (OpenStreetMap's policy) want a Referer naming the site.
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
});
