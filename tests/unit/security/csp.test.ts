/** @jest-environment node */
import { parseEnv } from "@/lib/env";
import { contentSecurityPolicy, newNonce, rendersPerRequest } from "@/lib/security/csp";
import { pagesIn } from "@/tests/support/route-table";

const dev = parseEnv({});
const production = parseEnv({ NODE_ENV: "production" });

function directive(policy: string, name: string): string[] {
  const found = policy.split("; ").find((d) => d.startsWith(`${name} `));
  return found ? found.split(" ").slice(1) : [];
}

describe("the policy of a page rendered per request", () => {
  it("runs only scripts carrying the nonce, and what they load", () => {
    const scripts = directive(contentSecurityPolicy(production, "abc123=="), "script-src");
    expect(scripts).toEqual(["'nonce-abc123=='", "'strict-dynamic'"]);
  });

  it("allows eval only in development", () => {
    const scripts = directive(contentSecurityPolicy(dev, "abc123=="), "script-src");
    expect(scripts).toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
  });

  it("gets a fresh nonce for every request", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const [a, b] = [contentSecurityPolicy(production, newNonce()), contentSecurityPolicy(production, newNonce())];
    expect(directive(a, "script-src")[0]).not.toBe(directive(b, "script-src")[0]);
  });
});

describe("the policy of a prerendered page", () => {
  it("keeps inline scripts, which Next.js renders without a nonce there", () => {
    const scripts = directive(contentSecurityPolicy(production), "script-src");
    expect(scripts).toEqual(["'self'", "'unsafe-inline'", "https://apis.google.com"]);
  });
});

describe("every page's policy", () => {
  it.each([
    ["rendered per request", "n0nce"],
    ["prerendered", undefined],
  ])("%s: images only from here, data/blob URLs and the sign-in providers' photo hosts", (_, nonce) => {
    const policy = contentSecurityPolicy(production, nonce);
    expect(directive(policy, "img-src")).toEqual(["'self'", "data:", "blob:", "https://*.googleusercontent.com", "https://avatars.githubusercontent.com"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'self'"]);
  });
});

describe("which pages get a nonce", () => {
  const fill = (route: string) => decodeURIComponent(route).replace(/\[[^\]]+\]/g, "some-id");

  it.each(["(app)", "(auth)", "(status)", "%5F%5F"])("every page of app/%s, rendered per request", (group) => {
    const pages = pagesIn(group);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((p) => !rendersPerRequest(fill(p)))).toEqual([]);
  });

  it("no prerendered public page", () => {
    const pages = pagesIn("(marketing)");
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((p) => rendersPerRequest(fill(p)))).toEqual([]);
  });

  it.each(["/dashboard/no-such-page", "/servers/a/b", "/status", "/auth", "/dashboardx"])(
    "not %s: no route renders it, so the prerendered not-found page answers",
    (path) => expect(rendersPerRequest(path)).toBe(false),
  );
});
