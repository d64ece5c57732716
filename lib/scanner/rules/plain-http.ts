import { displayUrl, locality, parseUrl } from "../endpoint";
import { finding } from "../findings";
import type { Rule } from "../types";

/** Plain HTTP: anyone on the path reads the traffic (headers with credentials included) and can rewrite definitions. */
export const plainHttp: Rule = {
  id: "transport-plain-http",
  title: "Plain HTTP to a non-local host",
  severity: "high",
  tier: "basic",
  reads: "The server's URL.",
  remediation:
    "Connect over https://. Over plain HTTP anyone on the network path can read the traffic, including authentication headers, and rewrite the tool definitions the model receives.",
  check(input) {
    const url = parseUrl(input.server.url);
    if (!url || url.protocol !== "http:") return [];
    const where = locality(url);
    if (where === "local") return [];
    const target = { kind: "server" as const, name: input.server.name, path: "/url" };
    const evidence = `${displayUrl(url)} (${where === "private" ? "a private-network host" : "a public host"})`;
    return [finding(plainHttp, where === "private" ? "low" : "high", target, evidence)];
  },
};
