import ipaddr from "ipaddr.js";
import { env } from "../env";

/**
 * The address a request came from, for rate limits and the audit trail.
 *
 * X-Forwarded-For lists the client and then every hop the request passed;
 * each proxy appends the address of the connection it accepted, and so does
 * the service's own server (scripts/server.mjs), so the last entry is the
 * connection's peer. Every entry left of what a trusted proxy appended may
 * have been written by the client. With `trustProxy` proxies in front, the
 * client is the entry the outermost trusted proxy appended: `trustProxy`
 * places left of the last. With none (the default), the connection's own
 * address.
 */
export function clientAddress(forwardedFor: string | null, trustProxy: number): string {
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  // Fewer hops than proxies: the request did not come through all of them; the left-most is the best there is.
  const hop = hops[Math.max(0, hops.length - 1 - trustProxy)];
  if (!hop || !ipaddr.isValid(hop)) return "unknown";
  // An IPv4 client of a dual-stack socket reads ::ffff:a.b.c.d; one client, one key.
  return ipaddr.process(hop).toString();
}

/** The client address of a request, under this deployment's TRUST_PROXY. */
export function clientIp(req: Request): string {
  return clientAddress(req.headers.get("x-forwarded-for"), env().trustProxy);
}
