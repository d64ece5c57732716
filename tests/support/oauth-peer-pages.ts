/**
 * A person at the sign-in pages of the test authorization server
 * (tests/support/oauth-peer.ts, oidc-provider's development pages).
 */

/** Follows the authorization server's pages as a person would: signs in as `login`, allows, and returns where it sends the browser back. */
export async function signInAt(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = new URL(authorizationUrl);
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: jar(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body,
    });
    keep(res);
    body = undefined;
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.pathname === "/api/oauth/callback") return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${url}: ${res.status} ${html.slice(0, 200)}`);
    url = new URL(action.replace(/&amp;/g, "&"), url);
    body = html.includes('name="login"') ? new URLSearchParams({ prompt: "login", login, password: "any" }).toString() : new URLSearchParams({ prompt: "consent" }).toString();
  }
  throw new Error("the authorization server never sent the browser back");
}
