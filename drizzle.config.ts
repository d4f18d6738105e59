import { defineConfig } from 'drizzle-kit';

// Only generation reads this file; migrations are applied by the app at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/kernel/db/schema/index.ts',
  out: './migrations',
});
