import { NextResponse, type NextRequest } from "next/server";
import { env } from "./lib/env";
import { isProtectedPath } from "./lib/auth/protected-routes";
import { readSession, SESSION_COOKIE } from "./lib/auth/session";
import { pagePolicy } from "./lib/security/built-scripts";
import { contentSecurityPolicy } from "./lib/security/csp";

/**
 * Runs before every page request: guards the protected pages and adds the
 * headers that depend on the runtime configuration. A page rendered per
 * request gets a fresh script nonce in its Content-Security-Policy, on the
 * response and on the request, where Next.js reads it to stamp its scripts;
 * a prerendered page gets the hashes of its inline scripts, read from the
 * build (lib/security/built-scripts.ts).
 * API routes are left out: they answer JSON, authenticate in the route
 * wrapper, and every workbench call would otherwise pay for a second pass
 * through the router.
 */
export async function proxy(request: NextRequest) {
  const e = env();
  const { pathname, search } = request.nextUrl;

  if (isProtectedPath(pathname)) {
    const session = await readSession(request.cookies.get(SESSION_COOKIE)?.value);
    if (session.state !== "valid") {
      const login = new URL("/auth/login", request.url);
      if (session.state === "expired") login.searchParams.set("expired", "true");
      login.searchParams.set("redirect", pathname + search);
      return withSecurityHeaders(NextResponse.redirect(login), contentSecurityPolicy(e));
    }
  }

  const policy = pagePolicy(e, pathname);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), policy);
}

function withSecurityHeaders(response: NextResponse, policy: string): NextResponse {
  const e = env();
  response.headers.set("Content-Security-Policy", policy);
  if (e.production && e.appUrl.startsWith("https:")) {
    response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  }
  return response;
}

export const config = {
  matcher: ["/((?!api/|mcp/|_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
