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

/**
 * What a per-address limit counts a client under: an IPv4 address itself,
 * and an IPv6 address's /64, written `2001:db8:1:2::/64`. One subscriber, one
 * host even, is given a whole /64 and picks any address in it at will (privacy
 * addresses change by the hour), so a limit per IPv6 address limits nothing.
 * The audit trail keeps the whole address (`clientIp`).
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const network = new ipaddr.IPv6([...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}

/** The client address of a request, under this deployment's TRUST_PROXY. */
export function clientIp(req: Request): string {
  return clientAddress(req.headers.get("x-forwarded-for"), env().trustProxy);
}
