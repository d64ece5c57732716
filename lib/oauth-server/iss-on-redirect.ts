import "server-only";
import type { NextFunction, Request, Response } from "express";
import { issuer } from "./issuer";

/**
 * RFC 9207: every authorization response names its issuer, errors included,
 * so that a client talking to several authorization servers can tell which
 * one answered (the mix-up defence). The console's own answers carry `iss`
 * (lib/oauth-server/authorizations.ts); the SDK's authorization handler
 * builds its error redirects itself without it, so its redirects to a
 * client's redirect URI are given one here. The redirect to the consent page
 * is a path of the console, not an answer, and is left as it is.
 */
export function issOnErrorRedirects(_req: Request, res: Response, next: NextFunction) {
  const redirect = res.redirect.bind(res);
  res.redirect = ((...args: [string] | [number, string]) => (args.length === 1 ? redirect(withIss(args[0])) : redirect(args[0], withIss(args[1])))) as Response["redirect"];
  next();
}

function withIss(location: string): string {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return location;
  }
  if (!url.searchParams.has("error") || url.searchParams.has("iss")) return location;
  url.searchParams.set("iss", issuer());
  return url.href;
}
