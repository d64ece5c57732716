import "server-only";
import { z, type ZodType } from "zod";
import { ERROR_STATUS } from "../api-contract/error-codes";
import { SESSION_COOKIE } from "../auth/session";
import type { AuthMode, DocumentedHandler, RouteSpec } from "../route/handler";
import { SITE } from "../site";

/**
 * The OpenAPI 3.1 document of the API, built from the declarations the route
 * wrapper parses and answers with (lib/route/handler.ts): the request schemas
 * are the ones requests are validated with, so the two cannot disagree.
 */

/** A route file's exports: a handler made by `route()` per method. */
export type RouteModule = Partial<Record<HttpMethod, DocumentedHandler>>;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const HTTP_METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type JsonSchema = Record<string, unknown>;
type Spec = RouteSpec<AuthMode, ZodType, ZodType, ZodType>;

/** Requests are described as clients write them (`io: "input"`), answers as the server sends them. */
function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const converted: JsonSchema = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
  // The document names its dialect once (jsonSchemaDialect).
  delete converted.$schema;
  return converted;
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };

const errorSchema: JsonSchema = {
  type: "object",
  description:
    "Every error answer. `error` is a stable code for programs, `message` a sentence for people; `details` lists the fields of a failed validation or what went wrong upstream.",
  required: ["error", "message"],
  properties: {
    error: { type: "string", enum: Object.keys(ERROR_STATUS) },
    message: { type: "string" },
    details: {},
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ERROR_REF } },
});

function parameters(schema: ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const s = jsonSchema(schema, "input");
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

function security(spec: Spec) {
  if (spec.doc.security === "metrics") return [{ metricsToken: [] }];
  const user = [{ sessionCookie: [] }, { bearer: [] }];
  if (spec.auth === "none") return [];
  if (spec.auth === "optional") return [{}, ...user];
  return user;
}

function operation(path: string, method: string, spec: Spec) {
  const { doc } = spec;
  const tag = path.split("/")[2] ?? "api";
  const status = String(doc.status ?? 200);
  const contentType = doc.contentType ?? "application/json";
  const success: JsonSchema = { description: doc.summary };
  const content: Record<string, { schema?: JsonSchema }> = {};
  if (doc.response) content[contentType] = { schema: jsonSchema(doc.response, "output") };
  else if (doc.contentType) content[contentType] = {};
  for (const [type, schema] of Object.entries(doc.alternatives ?? {})) content[type] = schema ? { schema: jsonSchema(schema, "output") } : {};
  if (Object.keys(content).length) success.content = content;

  const responses: Record<string, unknown> = { [status]: success };
  if (spec.body || spec.query || spec.params) responses["400"] = errorResponse("A field is not valid (`validation_failed`).");
  if (spec.auth === "user" || spec.auth === "admin" || doc.security)
    responses["401"] = errorResponse("Not signed in, or the token is not valid (`unauthenticated`, `token_expired`).");
  const noTokens = spec.tokens === false || spec.auth === "admin";
  if (spec.auth === "admin") responses["403"] = errorResponse("Not an administrator, or a personal API token (`forbidden`).");
  else if (noTokens) responses["403"] = errorResponse("A personal API token: this route needs a signed-in session or an ID token (`forbidden`).");
  responses.default = errorResponse("Any other error, in the one error shape.");

  return {
    operationId: `${method.toLowerCase()}${path
      .replace(/^\/api/, "")
      .replace(/[{}.]/g, "")
      .split(/[/-]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join("")}`,
    summary: doc.summary,
    ...(doc.description || noTokens
      ? { description: [doc.description, noTokens ? "Personal API tokens are not accepted here." : undefined].filter(Boolean).join("\n\n") }
      : {}),
    tags: [tag],
    security: security(spec),
    parameters: [...parameters(spec.params, "path"), ...parameters(spec.query, "query")],
    ...(spec.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(spec.body, "input") } } } }
      : {}),
    responses,
  };
}

type Routes = Record<string, () => Promise<RouteModule>>;
type OpenApiDocument = Awaited<ReturnType<typeof buildDocument>>;

const built = new WeakMap<Routes, Map<string, Promise<OpenApiDocument>>>();

/**
 * The document of `routes` (path in the reference → its route module,
 * app/api/route-modules.ts), built once per process: the routes' schemas do
 * not change while it runs, and converting every zod schema again cost each
 * request to /docs/api and /api/openapi.json 25–60 ms. Callers share the
 * object and must not change it.
 */
export function openApiDocument(serverUrl: string, routes: Routes): Promise<OpenApiDocument> {
  const byUrl = built.get(routes) ?? new Map<string, Promise<OpenApiDocument>>();
  built.set(routes, byUrl);
  let doc = byUrl.get(serverUrl);
  if (!doc) {
    doc = buildDocument(serverUrl, routes);
    byUrl.set(serverUrl, doc);
    // A failed build (a route module that did not load) is tried again by the next caller.
    doc.catch(() => byUrl.delete(serverUrl));
  }
  return doc;
}

async function buildDocument(serverUrl: string, routes: Routes) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, load] of Object.entries(routes)) {
    const mod = await load();
    for (const method of HTTP_METHODS) {
      const handler = mod[method];
      if (!handler) continue;
      (paths[path] ??= {})[method.toLowerCase()] = operation(path, method, handler.spec);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${SITE.name} API`,
      version: "1",
      description:
        "Register, explore, monitor and scan MCP servers. Authenticate with the session cookie of a signed-in browser, or `Authorization: Bearer` with a Firebase ID token or a personal API token (`mcpc_…`). A write authenticated by the cookie must come from this site's own pages. Every answer carries an `x-request-id` header; every error has the shape of `Error`.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session a browser gets by signing in. Writes must come from this site's pages (same origin).",
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "A Firebase ID token of the user, or a personal API token (`mcpc_…`) created in Settings.",
        },
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description: "The METRICS_TOKEN of the deployment.",
        },
      },
    },
  };
}
