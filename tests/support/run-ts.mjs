// Runs a TypeScript file of the project in a plain Node process, resolving
// modules as the tests do (`@/` is the project's root, `server-only` is
// empty): for tests that need real separate processes of the service's code.
// Usage: node tests/support/run-ts.mjs <file.ts>
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";

const here = path.dirname(fileURLToPath(import.meta.url));
const jiti = createJiti(import.meta.url, {
  alias: { "@": path.resolve(here, "../.."), "server-only": path.join(here, "empty-module.js") },
});
jiti.import(path.resolve(process.argv[2])).catch((err) => {
  console.error(err);
  process.exit(1);
});
