import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { schemaTables } from "@/lib/settings/user-data";
import { ORIGIN } from "./http";

type Handler = (req: NextRequest, segment?: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

export interface RawRequest {
  method: string;
  /** Path and query string. */
  path: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  contentType: string;
  /** The JSON body, when the answer is JSON; a stream's body is not read. */
  json: unknown;
  text: string;
}

/**
 * Calls a route handler as Next.js would, with the request exactly as given
 * (no origin or content type added). A streaming answer (NDJSON events, a
 * download) is cancelled after its headers: only its status is looked at.
 */
export async function send(handler: Handler, req: RawRequest): Promise<RawAnswer> {
  const res = await handler(
    new NextRequest(`${ORIGIN}${req.path}`, { method: req.method, headers: req.headers, body: req.body }),
    { params: Promise.resolve(req.params ?? {}) },
  );
  const contentType = res.headers.get("content-type") ?? "";
  if (!contentType.includes("application/json")) {
    await res.body?.cancel();
    return { status: res.status, contentType, json: undefined, text: "" };
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType, json, text };
}

/** Whether `body` is the API's error answer: `{error, message, details?}` and nothing else but the documented extras. */
export function isErrorShape(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return typeof b.error === "string" && b.error.length > 0 && typeof b.message === "string" && b.message.length > 0;
}

/**
 * A hash of every table's rows (rate-limit counters aside, which a refused
 * request may rightly count): two equal fingerprints mean nothing was
 * written. Returns the tables whose rows differ from `before`.
 */
export async function fingerprint(): Promise<Record<string, string>> {
  const tables = schemaTables().filter((t) => t.name !== "rate_limits");
  const query = sql.join(
    tables.map((t) => sql`select ${t.name} as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as hash from ${sql.identifier(t.name)} r`),
    sql` union all `,
  );
  // Both drivers answer `{ rows }`; the database's type is their union.
  const { rows } = (await (await db()).execute(query)) as unknown as { rows: { name: string; hash: string }[] };
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/** How many rows each table holds (rate limits aside): cheaper than the fingerprint, for many cases. */
export async function rowCounts(): Promise<Record<string, string>> {
  const tables = schemaTables().filter((t) => t.name !== "rate_limits");
  const query = sql.join(
    tables.map((t) => sql`select ${t.name} as name, count(*)::text as hash from ${sql.identifier(t.name)}`),
    sql` union all `,
  );
  const { rows } = (await (await db()).execute(query)) as unknown as { rows: { name: string; hash: string }[] };
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}
