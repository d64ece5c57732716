import ipaddr from "ipaddr.js";

/**
 * Which addresses MCP Console may connect to. Only public unicast addresses
 * are always allowed. Loopback and private networks can be allowed (local
 * mode, or a self-hosted deployment that sets OUTBOUND_ALLOW_PRIVATE); the
 * rest (link-local with the cloud metadata service, multicast, reserved and
 * documentation ranges, unspecified, broadcast) never are.
 */
export interface OutboundPolicy {
  allowLoopback: boolean;
  allowPrivate: boolean;
  /**
   * Origins with an IP address for host (`http://127.0.0.1:3001`) reached
   * although their address is refused: the demo's own MCP server. Scheme,
   * address and port must all match.
   */
  admittedOrigins?: readonly string[];
}

/** A public deployment's policy; tests pass it to check the production behaviour anywhere. */
export const PUBLIC_ONLY: OutboundPolicy = Object.freeze({ allowLoopback: false, allowPrivate: false });

export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "multicast"
  | "unspecified"
  | "broadcast"
  | "reserved";

const DESCRIPTIONS: Record<Exclude<AddressClass, "public">, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  "link-local": "a link-local address (where cloud metadata services live)",
  multicast: "a multicast address",
  unspecified: "an unspecified address",
  broadcast: "the broadcast address",
  reserved: "a reserved or documentation address",
};

const PRIVATE_RANGES = new Set(["private", "carrierGradeNat", "uniqueLocal", "deprecatedSiteLocal"]);
const SAME_NAME = new Set(["loopback", "linkLocal", "multicast", "unspecified", "broadcast"]);

function classOfRange(range: string): AddressClass {
  if (range === "unicast") return "public";
  if (PRIVATE_RANGES.has(range)) return "private";
  if (SAME_NAME.has(range)) return range === "linkLocal" ? "link-local" : (range as AddressClass);
  return "reserved";
}

/** The IPv4 address an IPv6 address carries in its last 32 bits. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = v6.toByteArray();
  return new ipaddr.IPv4(bytes.slice(12));
}

/**
 * Classifies an IP address in any notation `ipaddr.js` parses. IPv6 forms
 * that carry an IPv4 address (mapped `::ffff:a.b.c.d`, translated, NAT64)
 * are judged by that IPv4 address; the deprecated IPv4-compatible `::a.b.c.d`
 * is reserved.
 */
export function classifyAddress(address: string): AddressClass {
  if (!ipaddr.isValid(address)) return "reserved";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return classOfRange(parsed.range());
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === "ipv4Mapped" || range === "rfc6145") return classifyAddress(embeddedIPv4(v6).toString());
  if (range === "rfc6052" && v6.match(ipaddr.IPv6.parse("64:ff9b::"), 96)) {
    return classifyAddress(embeddedIPv4(v6).toString());
  }
  if (range === "unicast" && v6.parts.slice(0, 6).every((p) => p === 0)) return "reserved";
  return classOfRange(range);
}

export function isAllowed(cls: AddressClass, policy: OutboundPolicy): boolean {
  if (cls === "public") return true;
  if (cls === "loopback") return policy.allowLoopback;
  if (cls === "private") return policy.allowPrivate;
  return false;
}

/**
 * Why `address` is refused under `policy`, as a sentence for the user; null
 * when it is allowed. `host` is the name it was resolved from, if any: then
 * the sentence names neither the address nor its kind, which would tell
 * anyone what an internal name resolves to (the caller logs the address for
 * the operator).
 */
export function refusalReason(address: string, policy: OutboundPolicy, host?: string): string | null {
  const cls = classifyAddress(address);
  if (isAllowed(cls, policy)) return null;
  if (host && host !== address) {
    return `${host} resolves to an address that is not allowed; MCP Console does not connect to private networks. Use the server's public address (the operator of a self-hosted deployment can allow private networks).`;
  }
  const what = DESCRIPTIONS[cls as Exclude<AddressClass, "public">];
  const subject = `${address} is ${what}`;
  const remedy =
    cls === "loopback" || cls === "private"
      ? "Use the server's public address, or, for a self-hosted deployment, ask the operator to set OUTBOUND_ALLOW_PRIVATE=true."
      : "Use the server's public address.";
  return `${subject}; MCP Console does not connect to private networks. ${remedy}`;
}

/**
 * An IP literal in a URL's hostname (the WHATWG parser has already turned
 * decimal, hex, octal and short IPv4 forms into dotted quads), or null for
 * a DNS name.
 */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}
