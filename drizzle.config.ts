import { defineConfig } from "drizzle-kit";

// Migrations are generated from lib/db/schema.ts and committed; the service
// applies them at start-up on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./lib/db/migrations",
});
