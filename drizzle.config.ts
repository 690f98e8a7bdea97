import { defineConfig } from 'drizzle-kit';

// One migration set for PGlite and PostgreSQL; generated from the schema, applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
