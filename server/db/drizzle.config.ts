// drizzle-kit: `npx drizzle-kit generate --config server/db/drizzle.config.ts` writes the next
// SQL migration from schema.ts into server/db/migrations (run on start by both drivers).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
