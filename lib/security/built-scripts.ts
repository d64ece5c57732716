import fs from "node:fs";
import path from "node:path";
import type { Env } from "../env";
import { log } from "../log";
import { contentSecurityPolicy, newNonce, rendersPerRequest, routeMatches } from "./csp";
import { inlineScripts, scriptHash } from "./inline-scripts";

/**
 * The inline scripts of the production build, read once from `.next`: each
 * prerendered page's, as hashes (a prerendered page is served as built, so
 * its scripts cannot carry a per-request nonce, but they never change until
 * the next build); the hashes that several pages share (layout scripts such
 * as the theme script); and the pages Next.js renders per request.
 */
export interface BuiltScripts {
  pages: Record<string, string[]>;
  shared: string[];
  perRequest: string[];
}

const readJson = (dist: string, file: string) => JSON.parse(fs.readFileSync(path.join(dist, file), "utf8")) as Record<string, unknown>;

export function readBuiltScripts(dist: string): BuiltScripts {
  const manifest = readJson(dist, "prerender-manifest.json") as { routes: Record<string, unknown>; dynamicRoutes?: Record<string, unknown> };
  const pages: Record<string, string[]> = {};
  for (const route of Object.keys(manifest.routes)) {
    const file = path.join(dist, "server/app", route === "/" ? "index.html" : `${route}.html`);
    // Prerendered route handlers (feeds, icons) are bodies, not pages.
    if (!fs.existsSync(file)) continue;
    pages[route] = [...new Set(inlineScripts(fs.readFileSync(file, "utf8")).map(scriptHash))];
  }
  const seen = new Map<string, number>();
  for (const hashes of Object.values(pages)) for (const h of hashes) seen.set(h, (seen.get(h) ?? 0) + 1);
  const shared = [...seen].filter(([, n]) => n > 1).map(([h]) => h);
  // Every page of the app ("/(marketing)/docs/api/page" → "/docs/api") that was not prerendered.
  const perRequest = Object.entries(readJson(dist, "app-path-routes-manifest.json") as Record<string, string>)
    .filter(([entry, route]) => entry.endsWith("/page") && !(route in pages) && !(route in (manifest.dynamicRoutes ?? {})))
    .map(([, route]) => route);
  return { pages, shared, perRequest };
}

let built: BuiltScripts | null | undefined;

/** The build's scripts, or null in development (`next dev` builds pages on demand) or when they cannot be read. */
function builtScripts(e: Pick<Env, "production">): BuiltScripts | null {
  if (!e.production) return null;
  if (built === undefined) {
    try {
      built = readBuiltScripts(path.join(process.cwd(), ".next"));
    } catch (err) {
      built = null;
      log.error("the build's inline scripts could not be read: prerendered pages allow inline scripts", { err });
    }
  }
  return built;
}

/**
 * The Content-Security-Policy of a page: a fresh nonce where Next.js renders
 * per request (console, sign-in and status pages; the public site's dynamic
 * pages also get their layout's script hashes), the hashes of its own inline
 * scripts where the page was prerendered, and the not-found page's where no
 * page answers.
 */
export function pagePolicy(e: Env, pathname: string): string {
  if (rendersPerRequest(pathname)) return contentSecurityPolicy(e, newNonce());
  const scripts = builtScripts(e);
  if (!scripts) return contentSecurityPolicy(e);
  let page = pathname;
  while (page.length > 1 && page.endsWith("/")) page = page.slice(0, -1);
  const own = scripts.pages[page];
  if (own) return contentSecurityPolicy(e, undefined, own);
  if (scripts.perRequest.some((route) => routeMatches(route, page))) return contentSecurityPolicy(e, newNonce(), scripts.shared);
  return contentSecurityPolicy(e, undefined, scripts.pages["/_not-found"] ?? []);
}
