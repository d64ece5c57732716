import { sql, type SQL } from "drizzle-orm";
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
 * One `select … union all select …` over every table (rate-limit counters
 * aside, which a refused request may rightly count), written once per
 * process: the fuzzer asks it before and after each of thousands of
 * requests, and building it through drizzle each time (every schema export
 * inspected, every chunk walked) cost more than running it.
 */
function everyTable(select: (name: string) => string): () => SQL {
  let query: SQL | undefined;
  return () => {
    query ??= sql.raw(
      schemaTables()
        .map((t) => t.name)
        .filter((name) => name !== "rate_limits")
        .map((name) => {
          // Table names are the schema's own; the check keeps the quoting below honest.
          if (!/^[a-z_]+$/.test(name)) throw new Error(`unexpected table name ${name}`);
          return select(name);
        })
        .join(" union all "),
    );
    return query;
  };
}

const fingerprintQuery = everyTable((name) => `select '${name}' as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as hash from "${name}" r`);
const rowCountsQuery = everyTable((name) => `select '${name}' as name, count(*)::text as hash from "${name}"`);

type Rows<T> = { rows: T[] };

/**
 * The last answer of each table query, with the database's snapshot read just before it: the
 * transactions in progress and the next transaction id. Every write takes a transaction id, and a
 * commit leaves the in-progress list, so while the snapshot reads the same nothing has been written
 * since and the answer still holds. The fuzzer asks before and after thousands of requests, most of
 * them refused before any write, and a query over every table costs milliseconds where the snapshot
 * costs a fraction of one. (PostgreSQL's transaction ids are the whole server's: there, another
 * database's writes also make the query run again.)
 */
const lastAnswers = new WeakMap<object, Map<SQL, { snapshot: string; answer: Record<string, string> }>>();

async function perTable(query: SQL): Promise<Record<string, string>> {
  const d = await db();
  // Both drivers answer `{ rows }`; the database's type is their union.
  const [{ snapshot }] = ((await d.execute(sql`select pg_current_snapshot()::text as snapshot`)) as unknown as Rows<{ snapshot: string }>).rows;
  const answers = lastAnswers.get(d) ?? new Map();
  lastAnswers.set(d, answers);
  const last = answers.get(query);
  if (last?.snapshot === snapshot) return last.answer;
  const { rows } = (await d.execute(query)) as unknown as Rows<{ name: string; hash: string }>;
  const answer = Object.fromEntries(rows.map((r) => [r.name, r.hash]));
  answers.set(query, { snapshot, answer });
  return answer;
}

/**
 * A hash of every table's rows: two equal fingerprints mean nothing was
 * written. Returns the tables whose rows differ from `before`.
 */
export function fingerprint(): Promise<Record<string, string>> {
  return perTable(fingerprintQuery());
}

/** How many rows each table holds: cheaper than the fingerprint, for many cases. */
export function rowCounts(): Promise<Record<string, string>> {
  return perTable(rowCountsQuery());
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}
