import { classifyAddress, ipLiteral } from "../net/address-policy";
import { publicUrl } from "../net/public-url";

/**
 * Where a server's URL points: this machine, a private network, or the
 * public internet. Judged from the URL alone (the scanner does not resolve
 * names), so a public-looking name that resolves privately counts as public.
 */
export type Locality = "local" | "private" | "public";

const LOCAL_NAMES = /^(?:localhost|localhost\.localdomain)$|\.localhost$/;
const PRIVATE_SUFFIXES = /\.(?:local|internal|lan|home\.arpa|intranet|corp|private)$/;

export function locality(url: URL): Locality {
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const literal = ipLiteral(host);
  if (literal) {
    const cls = classifyAddress(literal);
    if (cls === "loopback" || cls === "unspecified") return "local";
    if (cls === "private" || cls === "link-local") return "private";
    return "public";
  }
  if (LOCAL_NAMES.test(host)) return "local";
  if (PRIVATE_SUFFIXES.test(host) || !host.includes(".")) return "private";
  return "public";
}

export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The URL as evidence: scheme, host and path only — the query and user info can hold secrets. */
export const displayUrl = (url: URL) => publicUrl(url.href) ?? url.host;
