import { NextRequest } from "next/server";

export const ORIGIN = "http://localhost:3000";

/** The service's own origin: APP_URL's when a test sets it (serveGateways({ asAppUrl })), else the default. */
const ownOrigin = () => (process.env.APP_URL ? new URL(process.env.APP_URL).origin : ORIGIN);

type Handler = (req: NextRequest, segment?: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  cookie?: string;
  params?: Record<string, string>;
}

/** Calls a route handler the way Next.js would, and reads its JSON answer. */
export async function call(handler: Handler, path: string, opts: CallOptions = {}) {
  const method = opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? "POST" : "GET");
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.cookie) headers.cookie = opts.cookie;
  if (method !== "GET" && !("origin" in headers)) headers.origin = ownOrigin();
  const req = new NextRequest(`${ownOrigin()}${path}`, {
    method,
    headers,
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json: json as Record<string, any>, text };
}

/** The `name=value` pair of a Set-Cookie header, to send back as a Cookie header. */
export function cookieFrom(res: { headers: Headers }, name: string): string | undefined {
  const all = res.headers.getSetCookie();
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found?.split(";")[0];
}
