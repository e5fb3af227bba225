/**
 * The body of a 204 answer: none (the document says "No content"). Apart from endpoint.ts so the
 * console's first load, which uses endpointPath, reaches no zod.
 */
import { z } from 'zod';

export const noContentSchema = z.null().describe('No content');
