import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from src/db/schema.ts; the server applies them at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
});
