import { displayUrl, locality, parseUrl } from "../endpoint";
import { finding } from "../findings";
import type { Rule } from "../types";

/** Header and query-parameter names that carry a credential. */
const CREDENTIAL_NAME = /^(?:authorization|proxy-authorization|cookie)$|api[-_]?key|token|secret|auth|session|password|credential|signature|bearer|private[-_]?key|access[-_]?key/i;

export const unauthenticatedEndpoint: Rule = {
  id: "transport-no-auth",
  title: "No authentication on a public endpoint",
  severity: "medium",
  tier: "basic",
  reads: "The server's URL and the names of its configured headers.",
  remediation:
    "Protect the endpoint (OAuth, or an API key or bearer token checked by the server) and add the credential as a header here. A public endpoint without authentication lets anyone on the internet call its tools.",
  check(input) {
    const url = parseUrl(input.server.url);
    if (!url || locality(url) !== "public") return [];
    if (input.server.headerNames.some((h) => CREDENTIAL_NAME.test(h))) return [];
    if (url.username || [...url.searchParams.keys()].some((k) => CREDENTIAL_NAME.test(k))) return [];
    // Anyone calling read-only tools can do little more than a reader of the server's public pages.
    const readOnly = input.tools.every((t) => t.annotations?.readOnlyHint === true);
    const evidence = `${displayUrl(url)} has no Authorization, API-key or token header configured${readOnly ? "; every tool is marked read-only" : ""}`;
    return [finding(unauthenticatedEndpoint, readOnly ? "low" : "medium", { kind: "server", name: input.server.name, path: "/url" }, evidence)];
  },
};
