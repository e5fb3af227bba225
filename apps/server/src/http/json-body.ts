/**
 * The JSON body parser: Fastify's own (prototype poisoning refused), behind a nesting check.
 * A body nested deeper than any call of the contract is refused with a 400 before it is parsed.
 * V8's JSON.parse copes with any depth, but what reads the value afterwards recurses once per
 * level (validation; JSON.stringify when a jsonb column is written): 200,000 nested arrays in a
 * site config overflowed the stack and answered 500. Measured: the scan takes about 2 ms per MB
 * of flat JSON (parsing it about 1.5 ms), and stops at once on a deep body.
 */
import { JSON_BODY_MAX_DEPTH } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * The deepest nesting of arrays and objects in JSON text, counted in one pass and stopping once
 * it passes `limit`; brackets inside strings do not count. Malformed text is left to the parser.
 */
export function jsonNestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return deepest;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestingDepth(text, JSON_BODY_MAX_DEPTH) > JSON_BODY_MAX_DEPTH) {
      done(
        new HttpError(400, `body: nested deeper than ${JSON_BODY_MAX_DEPTH} levels`, {
          location: 'body',
          reason: `Nested deeper than ${JSON_BODY_MAX_DEPTH} levels`,
        }),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
