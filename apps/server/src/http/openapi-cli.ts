/** `npm run openapi`: writes docs/openapi.json from the routes (see openapi.ts). */
import { runCommand } from '../config.ts';
import { writeOpenApiDocument } from './openapi.ts';

runCommand(async () => {
  console.log(`Wrote ${await writeOpenApiDocument()}`);
  return 0;
});
