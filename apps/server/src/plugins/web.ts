import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** A source map's path, e.g. /assets/index-1a2b.js.map (any query aside). */
const isSourceMap = (url: string) => (url.split('?')[0] ?? '').endsWith('.map');

/**
 * Serves the built console. Every unknown GET outside the API returns index.html so the
 * console's router resolves deep links (spec §2) after a reload. In production the build's
 * source maps (kept beside it for error reporting) are never served: they would hand anyone the
 * console's whole source.
 */
export async function webPlugin(
  app: FastifyInstance,
  options: { webDist: string; apiBasePath: string },
) {
  const hideSourceMaps = app.ctx.config.environment === 'production';
  const indexFile = path.join(options.webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist: options.webDist }, 'console not built: run `npm run build`');
  } else {
    await app.register(fastifyStatic, {
      root: options.webDist,
      allowedPath: (pathName) => !(hideSourceMaps && isSourceMap(pathName)),
      // Hashed assets never change under the same name; index.html must always be fresh.
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === options.apiBasePath || request.url.startsWith(`${options.apiBasePath}/`);
    const hidden = hideSourceMaps && isSourceMap(request.url);
    if (request.method === 'GET' && !isApi && !hidden && existsSync(indexFile)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not Found', statusCode: 404 });
  });
}
