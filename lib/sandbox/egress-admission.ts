/**
 * Which connections a sandboxed server's egress proxy lets through, before any address is looked
 * at: only a host of the server's `egress` list, on the rule's port, or on 443 and 80 when the rule
 * names none. The address it resolves to is judged afterwards by the console's outbound policy.
 */

export type EgressRule = { host: string; port?: number };

/** Where a proxied connection goes: a hostname as the URL parser writes it (lower case, IPv6 in brackets) and a port. */
export type EgressTarget = { host: string; port: number };

/** The ports a rule without one admits: HTTPS and HTTP. */
const DEFAULT_EGRESS_PORTS = [443, 80];

/**
 * A hostname as the URL parser normalises it (lower case, punycode, IPv4 forms as dotted quads,
 * IPv6 in brackets, which a rule may leave out), or undefined when it is none.
 */
export function normalizeHost(host: string): string | undefined {
  if (host === "" || /[/?#@\s\\]/.test(host)) return undefined;
  const bracketed = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  try {
    const url = new URL(`http://${bracketed}`);
    return url.port === "" && url.username === "" ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : undefined;
}

/** The target of a CONNECT request (`host:port`, `[v6]:port`), or undefined when it is not one. */
export function connectTarget(authority: string): EgressTarget | undefined {
  const colon = authority.lastIndexOf(":");
  if (colon <= 0) return undefined;
  const written = authority.slice(0, colon);
  // An IPv6 address without brackets would make the port ambiguous.
  if (written.includes(":") && !written.startsWith("[")) return undefined;
  const host = normalizeHost(written);
  const port = parsePort(authority.slice(colon + 1));
  return host && port ? { host, port } : undefined;
}

/**
 * The target of a plain HTTP request in absolute form (`GET http://host/path`), or why it cannot be
 * forwarded: an `https://` URL is sent through CONNECT, so the proxy never sees what is inside TLS.
 */
export function forwardTarget(target: string): { url: URL; target: EgressTarget } | { problem: string } {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { problem: "The proxy forwards absolute http:// URLs only (https goes through CONNECT)." };
  }
  if (url.protocol !== "http:" || !target.toLowerCase().startsWith("http://")) {
    return { problem: "The proxy forwards absolute http:// URLs only (https goes through CONNECT)." };
  }
  if (url.username || url.password) return { problem: "The proxy does not forward URLs with credentials in them." };
  return { url, target: { host: url.hostname, port: url.port ? Number(url.port) : 80 } };
}

/** Why the rules refuse a target, or null when one admits it. The reason names the target only: never a path or header. */
export function egressRefusal(rules: readonly EgressRule[], target: EgressTarget): string | null {
  const admitted = rules.some(
    (rule) => normalizeHost(rule.host) === target.host && (rule.port === undefined ? DEFAULT_EGRESS_PORTS.includes(target.port) : rule.port === target.port),
  );
  if (admitted) return null;
  const listed = rules.some((rule) => normalizeHost(rule.host) === target.host);
  return listed
    ? `${target.host} is in this server's egress list, but not on port ${target.port}.`
    : `${target.host} is not in this server's egress list.`;
}
