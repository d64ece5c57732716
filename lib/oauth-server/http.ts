import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type NextFunction, type Request, type Response } from "express";
import { authorizationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { metadataHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/metadata.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { revocationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/revoke.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import { TooManyRequestsError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { env } from "../env";
import { addressKey, clientAddress } from "../http/client-address";
import { log } from "../log";
import { startRequest } from "../metrics/request-record";
import { hit } from "../rate-limit/service";
import { hashClientSecret } from "./clients";
import { issOnErrorRedirects } from "./iss-on-redirect";
import { authorizationServerMetadata, OAUTH_PATHS, protectedResourceMetadata } from "./issuer";
import { consoleAuthProvider } from "./provider";

/**
 * The authorization server's HTTP side: the MCP SDK's handlers (Express
 * routers) for authorization, token, registration and revocation, and the
 * two metadata documents. scripts/server.mjs serves these paths ahead of
 * Next.js (lib/http/node-routes.ts), because the SDK's handlers take Node's
 * request and response, not a web Request.
 *
 * Rate limits are the project's own (kept in the database, so every
 * instance counts against the same limit); the SDK's per-process ones are
 * turned off.
 */

const RESOURCE_METADATA = /^\/\.well-known\/oauth-protected-resource\/mcp\/([a-z0-9-]+)$/;
const AS_METADATA = "/.well-known/oauth-authorization-server";
const SERVED = new Set<string>([AS_METADATA, ...Object.values(OAUTH_PATHS)]);

/** Whether the authorization server answers this path (the query aside). */
export function isOAuthServerPath(url: string): boolean {
  const path = url.split("?", 1)[0];
  return SERVED.has(path) || RESOURCE_METADATA.test(path);
}

/** The SDK's limits, per client address (an IPv6 client's /64) and endpoint, counted in the database. */
function limited(name: string, limit: number, windowSec: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const ip = clientAddress(req.headers["x-forwarded-for"]?.toString() ?? null, env().trustProxy);
    hit(`oauth:${name}:${addressKey(ip)}`, limit, windowSec).then(
      ({ allowed, retryAfterSec }) => {
        if (allowed) return next();
        res.setHeader("Retry-After", String(retryAfterSec));
        res.status(429).json(new TooManyRequestsError(`Too many ${name} requests: try again in ${retryAfterSec} s.`).toResponseObject());
      },
      (err: unknown) => next(err),
    );
  };
}

/** The SDK compares the secret a request carries with the stored one, which is a hash (lib/oauth-server/clients.ts). */
function hashSecret(req: Request, _res: Response, next: NextFunction) {
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body.client_secret === "string") body.client_secret = hashClientSecret(body.client_secret);
  next();
}

function build() {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  const provider = consoleAuthProvider;
  const form = express.urlencoded({ extended: false, limit: "16kb" });

  app.use((req, res, next) => {
    // The path as the client sent it (inside a mounted handler, req.path is what is left of it), the slug as a pattern.
    const sent = req.originalUrl.split("?", 1)[0];
    const path = sent.startsWith("/.well-known/oauth-protected-resource/") ? "/.well-known/oauth-protected-resource/mcp/[slug]" : sent;
    const { requestId, finish } = startRequest(req.method, path);
    res.setHeader("x-request-id", requestId);
    res.on("finish", () => finish(res.statusCode));
    next();
  });

  // Before the SDK's handler, which redirects errors to the client without the issuer.
  app.use(OAUTH_PATHS.authorize, issOnErrorRedirects);
  app.use(AS_METADATA, metadataHandler(authorizationServerMetadata()));
  app.use(RESOURCE_METADATA, (req, res, next) => {
    const slug = RESOURCE_METADATA.exec(req.originalUrl.split("?", 1)[0])![1];
    metadataHandler(protectedResourceMetadata(slug))(req, res, next);
  });
  app.use(OAUTH_PATHS.authorize, limited("authorization", 100, 15 * 60), authorizationHandler({ provider, rateLimit: false }));
  app.use(OAUTH_PATHS.token, limited("token", 50, 15 * 60), form, hashSecret, tokenHandler({ provider, rateLimit: false }));
  app.use(OAUTH_PATHS.register, limited("registration", 20, 60 * 60), express.json({ limit: "16kb" }), clientRegistrationHandler({ clientsStore: provider.clientsStore, rateLimit: false }));
  app.use(OAUTH_PATHS.revoke, limited("revocation", 50, 15 * 60), form, hashSecret, revocationHandler({ provider, rateLimit: false }));

  // Whatever the handlers did not answer: a body that is not JSON, a database that is down.
  app.use((err: Error & { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction) => {
    // Express's own handler ends a response that had begun.
    if (res.headersSent) return next(err);
    const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) log.error("oauth request failed", { err });
    res.status(status).json({ error: status === 500 ? "server_error" : "invalid_request", error_description: status === 500 ? "The console could not answer; try again shortly." : err.message });
  });
  return app;
}

let app: ReturnType<typeof build> | undefined;

/** Answers a request for one of the authorization server's paths. */
export function serveOAuthServer(req: IncomingMessage, res: ServerResponse): void {
  app ??= build();
  app(req, res);
}
