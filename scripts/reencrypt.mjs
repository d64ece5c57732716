// `npm run reencrypt`: seals every stored secret (server header values,
// webhook signing secrets) anew under ENCRYPTION_KEY, in the current format
// bound to its row. Run it after moving the old key to
// ENCRYPTION_KEY_PREVIOUS and setting the new one; once it reports nothing
// unreadable, ENCRYPTION_KEY_PREVIOUS can be removed. It reads the same
// configuration as the service (DATABASE_URL, or the PGlite DATA_DIR, which
// only one process may open: stop the service first). Prints the counts;
// exits 1 when some secret opens with neither key.
import { loadProjectModule } from "./lib/project-modules.mjs";

const { database } = await loadProjectModule("lib/db/index.ts");
const { sweepSecrets } = await loadProjectModule("lib/crypto/stored-secrets.ts");

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
