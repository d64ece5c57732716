import { NextResponse, type NextRequest } from "next/server";
import { env } from "./lib/env";
import { isProtectedPath } from "./lib/auth/protected-routes";
import { readSession, SESSION_COOKIE } from "./lib/auth/session";
import { contentSecurityPolicy } from "./lib/security/csp";

/**
 * Runs before every page request: guards the protected pages and adds the
 * headers that depend on the runtime configuration. API routes are left out:
 * they answer JSON, authenticate in the route wrapper, and every workbench
 * call would otherwise pay for a second pass through the router.
 */
export async function proxy(request: NextRequest) {
  const e = env();
  let response: NextResponse;

  const { pathname, search } = request.nextUrl;
  if (isProtectedPath(pathname)) {
    const session = await readSession(request.cookies.get(SESSION_COOKIE)?.value);
    if (session.state !== "valid") {
      const login = new URL("/auth/login", request.url);
      if (session.state === "expired") login.searchParams.set("expired", "true");
      login.searchParams.set("redirect", pathname + search);
      response = NextResponse.redirect(login);
    } else {
      response = NextResponse.next();
    }
  } else {
    response = NextResponse.next();
  }

  response.headers.set("Content-Security-Policy", contentSecurityPolicy(e));
  if (e.production && e.appUrl.startsWith("https:")) {
    response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  }
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
