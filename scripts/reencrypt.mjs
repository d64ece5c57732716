// `npm run reencrypt`: seals every stored secret (server header values,
// webhook signing secrets) anew under ENCRYPTION_KEY, in the current format
// bound to its row. Run it after moving the old key to
// ENCRYPTION_KEY_PREVIOUS and setting the new one; once it reports nothing
// unreadable, ENCRYPTION_KEY_PREVIOUS can be removed. It reads the same
// configuration as the service (DATABASE_URL, or the PGlite DATA_DIR, which
// only one process may open: stop the service first). Prints the counts;
// exits 1 when some secret opens with neither key.
import { createRequire } from "node:module";
import path from "node:path";
// jiti is a production dependency for this script: it runs where the service runs, often an install without dev dependencies.
import { createJiti } from "jiti";

const root = path.resolve(new URL("..", import.meta.url).pathname);
// This script is the server: "server-only" resolves as it does under the react-server condition, to the package's empty module.
const serverOnly = path.join(path.dirname(createRequire(import.meta.url).resolve("server-only")), "empty.js");
const jiti = createJiti(import.meta.url, { alias: { "@": root, "server-only": serverOnly } });
const load = (file) => jiti.import(path.join(root, file));

const { database } = await load("lib/db/index.ts");
const { sweepSecrets } = await load("lib/crypto/stored-secrets.ts");

const handle = await database();
let unreadable = 0;
try {
  for (const sweep of await sweepSecrets(handle.db, { rewrite: true })) {
    unreadable += sweep.unreadable.length;
    console.log(`${sweep.label}s: ${sweep.stale} re-encrypted, ${sweep.current} already current, ${sweep.unreadable.length} unreadable`);
    for (const row of sweep.unreadable) console.log(`  unreadable (${row.reason}): ${row.id}`);
  }
} finally {
  await handle.close();
}
if (unreadable > 0) {
  console.log("Some secrets open with neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS: configure the key they were encrypted with and run this again, or have them entered again.");
  process.exit(1);
}
