import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeRouteModules } from "./scripts/lib/route-modules.mjs";

// The API's route table follows the route files (scripts/lib/route-modules.mjs says why here).
writeRouteModules(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Headers that do not depend on the environment go on every response here,
 * static files included. The Content-Security-Policy and HSTS depend on the
 * runtime configuration (identity provider hosts, production or not), so
 * proxy.ts adds them.
 */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // `npm test` (scripts/test-all.mjs) has run tsc over the same files, the route types of `next typegen`
  // and the tests included, before it builds; it says so with NEXT_BUILD_TYPES_CHECKED=1 rather than
  // have the build check them a second time. Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPES_CHECKED === "1" },
  reactStrictMode: true,
  // PGlite loads its WASM and data files from its own package folder at run time; piscina starts its
  // workers from its own dist/worker.js, which a bundle would look for under a placeholder root.
  serverExternalPackages: ["@electric-sql/pglite", "firebase-admin", "re2", "piscina"],
  // ESM-only packages that next/jest must transpile.
  transpilePackages: ["iron-session", "iron-webcrypto", "cookie", "uint8array-extras", "jose", "feed", "@modelcontextprotocol/ext-tasks", "@secretlint/secretlint-rule-preset-recommend"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
