import { createHash } from "node:crypto";
import { serverSecrets } from "@/lib/secrets";

/**
 * Prints a digest of the secrets this process ends on (never the secrets):
 * tests/integration/local-secrets.test.ts starts several at once on one
 * empty data folder, each waiting for the same moment (`START_AT`, in ms)
 * once loaded, so that they reach for the file together. Run with
 * tests/support/run-ts.mjs.
 */
await new Promise((resolve) => setTimeout(resolve, Number(process.env.START_AT ?? 0) - Date.now()));
const { sessionSecret, encryptionKey } = serverSecrets();
console.log(JSON.stringify({ digest: createHash("sha256").update(sessionSecret).update(encryptionKey).digest("hex") }));
