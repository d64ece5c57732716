import { LRUCache } from "lru-cache";
import type { Env } from "../env";
import { log } from "../log";
import { processSingleton } from "../process-singleton";

/** What a URL's `hostname` is for the loopback names browsers use. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a browser's `Origin` header names this service. APP_URL's origin
 * is ours. In local mode, when APP_URL is on loopback, so are the other
 * loopback names of the same scheme and port: `npm start` prints
 * http://localhost:3000 and a newcomer may open http://127.0.0.1:3000, the
 * same server on the same machine. Only a page served from that port can
 * carry such an origin, and that port is this server; another port on
 * loopback is another program and stays refused.
 */
export function isOwnOrigin(origin: string, e: Pick<Env, "appUrl" | "localMode">): boolean {
  const own = new URL(e.appUrl);
  if (origin === own.origin) return true;
  if (!e.localMode || !LOOPBACK.has(own.hostname) || !URL.canParse(origin)) return false;
  const seen = new URL(origin);
  // Exactly an origin as a browser writes it (no path, no credentials, lower case).
  if (seen.origin !== origin) return false;
  return seen.protocol === own.protocol && seen.port === own.port && LOOPBACK.has(seen.hostname);
}

// Origins already logged by this process: bounded, since the header is the client's to write.
const logged = () => processSingleton("refused-origins", () => new LRUCache<string, true>({ max: 1000 }));

/**
 * Logs a refused origin the first time this process sees it, with the
 * APP_URL that was expected: a deployment reached under another address
 * (a second domain, a proxy that rewrites the host) fails every sign-in with
 * the same refusal, and this line tells the operator what to set.
 */
export function reportRefusedOrigin(origin: string, e: Pick<Env, "appUrl">) {
  const shown = origin.slice(0, 200);
  const seen = logged();
  if (seen.has(shown)) return;
  seen.set(shown, true);
  log.warn("refused a write from another origin", {
    origin: shown,
    expected: new URL(e.appUrl).origin,
    hint: "if this origin is the service's own public address, set APP_URL to it",
  });
}
