/**
 * Loaded into the server's Node processes in a sandbox with egress (NODE_OPTIONS=--import, set by
 * the bridge for its child): Node 20's fetch ignores HTTP_PROXY and HTTPS_PROXY, so its global
 * dispatcher becomes an undici ProxyAgent to the proxy they name. (Node 24 honours them by itself
 * under NODE_USE_ENV_PROXY=1, also set.) One proxy serves both schemes and NO_PROXY is empty, so
 * ProxyAgent does what EnvHttpProxyAgent would, without the warning that one prints on stderr.
 *
 * undici (the console's own package, shown read-only beside this file) is loaded at the first
 * request, not here: loading it costs a sandbox about 150 ms, which a server that never fetches
 * should not pay at every start. The slot is undici's own global (a versioned symbol that Node's
 * bundled undici and the package share), set as undici's setGlobalDispatcher sets it.
 */
import { createRequire } from "node:module";

const load = createRequire(import.meta.url);
let agent;
const proxied = () => (agent ??= new (load("../undici").ProxyAgent)(process.env.HTTPS_PROXY));

const dispatcher = {
  dispatch: (options, handler) => proxied().dispatch(options, handler),
  close: (...args) => (agent ? agent.close(...args) : Promise.resolve()),
  destroy: (...args) => (agent ? agent.destroy(...args) : Promise.resolve()),
};
Object.defineProperty(globalThis, Symbol.for("undici.globalDispatcher.1"), { value: dispatcher, writable: true, enumerable: false, configurable: false });
