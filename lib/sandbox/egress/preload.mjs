/**
 * Loaded into every Node process of a sandbox with egress (NODE_OPTIONS=--import): Node 20's fetch
 * ignores HTTP_PROXY and HTTPS_PROXY, so the global dispatcher becomes undici's EnvHttpProxyAgent,
 * which reads them. (Node 24 does the same by itself under NODE_USE_ENV_PROXY=1, also set.) The
 * undici package is the console's own, shown read-only beside this file (a CommonJS package).
 */
import { createRequire } from "node:module";

try {
  const { EnvHttpProxyAgent, setGlobalDispatcher } = createRequire(import.meta.url)("../undici");
  setGlobalDispatcher(new EnvHttpProxyAgent());
} catch (error) {
  // A server must still start: without the agent, its fetch just has no network.
  process.stderr.write(`The egress proxy could not be set up for fetch: ${error.message}\n`);
}
