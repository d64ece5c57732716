/** @jest-environment node */
import { parseEnv } from "@/lib/env";
import { contentSecurityPolicy, newNonce, rendersPerRequest } from "@/lib/security/csp";
import { inlineScripts, scriptHash } from "@/lib/security/inline-scripts";
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
  it("runs this origin's script files and only the inline scripts whose hashes the build gave", () => {
    const scripts = directive(contentSecurityPolicy(production, undefined, ["'sha256-abc='", "'sha256-def='"]), "script-src");
    expect(scripts).toEqual(["'self'", "'sha256-abc='", "'sha256-def='", "https://apis.google.com"]);
  });

  it("allows inline scripts only without a build to read them from (next dev)", () => {
    expect(directive(contentSecurityPolicy(dev), "script-src")).toEqual(["'self'", "'unsafe-inline'", "https://apis.google.com", "'unsafe-eval'"]);
  });
});

describe("the inline scripts of a built page", () => {
  it("are the scripts without a src, hashed over their exact text", () => {
    const html = `<html><head><script src="/_next/static/chunks/a.js" async=""></script><script>theme()</script></head><body><script id="x">self.__next_f.push([1,"<p>"])</script></body></html>`;
    expect(inlineScripts(html)).toEqual(["theme()", `self.__next_f.push([1,"<p>"])`]);
    // The value a browser compares: base64 SHA-256 of the script's text.
    expect(scriptHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
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
