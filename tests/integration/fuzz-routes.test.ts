import fc from "fast-check";
import type { ZodType } from "zod";
import { specOf } from "@/lib/route/handler";
import { DEFAULT_MAX_BODY_BYTES } from "@/lib/http/body";
import { workbenchPool } from "@/lib/upstream/pool";
import { describeEachDatabase } from "../support/databases";
import { ORIGIN } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { createOwnedResources, type OwnedResources } from "../support/owned-resources";
import { changedTables, isErrorShape, rowCounts, send } from "../support/route-call";
import { fillPath, loadRoute, ROUTE_TABLE, routeMethods } from "../support/route-table";
import { signIn, signInAdmin, type SignedIn } from "../support/sign-in";
import { arbitraryOf, type DeriveOptions } from "../support/zod-arbitrary";

/**
 * Issue 14, "Bad input, fuzzed": every API route is driven with path ids,
 * query strings and bodies derived from its own zod schemas and then spoilt.
 * Whatever comes in, the answer is never a 5xx, a refusal has the API's
 * error shape and writes no row, and no prototype is polluted.
 */

/** Cases per route and method; routes that reach an MCP server get fewer (each case is a real exchange). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/** Only the routes whose `METHOD /path` matches, to chase one failure (`FUZZ_ONLY='POST /api/servers$'`). */
const ONLY = new RegExp(process.env.FUZZ_ONLY ?? "");
const OUTBOUND_RUNS = Math.ceil(RUNS / 2);
const OUTBOUND = /\/(call|complete|check|discover|scan|subscriptions|events|test)$|^POST \/api\/servers$/;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Handler = Parameters<typeof send>[0];

// ── Hostile pieces ───────────────────────────────────────────────────────────

const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

const nested = (depth: number, open: string, close: string, leaf = "") => open.repeat(depth) + leaf + close.repeat(depth);

const hostileString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\uD800",
    "\u202Eevil",
    "\uFEFF",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 中文 العربية",
    ...PROTO_KEYS,
    "' OR 1=1 --",
    "../../../etc/passwd",
    "<script>alert(1)</script>",
    "%00%zz",
    "NaN",
    "-1",
    "1e309",
    "null",
    "00000000-0000-0000-0000-000000000000",
  ),
  fc.integer({ min: 1_000, max: 40_000 }).map((n) => "x".repeat(n)),
  fc.integer({ min: 100, max: 5_000 }).map((n) => "😀".repeat(n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(0, -1, -0, 1e308, -1e308, 2 ** 53 + 2, 0.5, Number.MAX_SAFE_INTEGER, true, false, null, {}, []),
  fc.integer({ min: 50, max: 2_000 }).map((n) => JSON.parse(nested(n, "[", "]"))),
  fc.integer({ min: 50, max: 2_000 }).map((n) => JSON.parse(nested(n, '{"a":', "}", "1"))),
  fc.constantFrom(...PROTO_KEYS).map((k) => JSON.parse(`{"${k}":{"polluted":"yes"}}`)),
);

/** `value` with one of its fields (at `pick`, one level down at times) replaced by `replacement`. */
function spoil(value: unknown, pick: number, replacement: unknown): unknown {
  if (typeof value !== "object" || value === null) return replacement;
  const copy: Record<string, unknown> = Array.isArray(value) ? ({ ...value } as Record<string, unknown>) : { ...(value as object) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || pick % 5 === 0) {
    Object.defineProperty(copy, PROTO_KEYS[pick % PROTO_KEYS.length], { value: replacement, enumerable: true, writable: true });
    return copy;
  }
  const key = keys[pick % keys.length];
  copy[key] = pick % 3 === 0 ? spoil(copy[key], Math.floor(pick / 3), replacement) : replacement;
  return Array.isArray(value) ? Object.values(copy) : copy;
}

/** `value` with `extra` put in the middle of every string in it: valid shapes that carry awkward characters to the database. */
function taint(value: unknown, extra: string): unknown {
  if (typeof value === "string") return value.slice(0, value.length >> 1) + extra + value.slice(value.length >> 1);
  if (Array.isArray(value)) return value.map((v) => taint(v, extra));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, taint(v, extra)]));
  return value;
}

const AWKWARD = fc.constantFrom("\u0000", "\uD800", "\uDFFF", "\u202E", "\uFEFF", "😀", "\r\n", "'\"\\", "%s%n", "${x}");

/** A JSON object's text with a prototype-pollution key first: JSON.parse makes it an own property, a careless merge a prototype. */
function withProtoKey(text: string, key: string): string {
  const payload = `"${key}":{"polluted":"yes","isAdmin":true,"prototype":{"polluted":"yes"}}`;
  if (!text.startsWith("{")) return `{${payload}}`;
  return text === "{}" ? `{${payload}}` : `{${payload},${text.slice(1)}`;
}

function bodies(schema: ZodType | undefined, derive: DeriveOptions, limit: number): fc.Arbitrary<string | undefined> {
  const valid = schema ? arbitraryOf(schema, derive) : fc.jsonValue({ maxDepth: 2 });
  const validText = valid.map((v) => JSON.stringify(v) ?? "null");
  return fc.oneof(
    { weight: 6, arbitrary: validText },
    { weight: 6, arbitrary: fc.tuple(valid, fc.nat(), hostileValue).map(([v, pick, bad]) => JSON.stringify(spoil(v, pick, bad)) ?? "null") },
    { weight: 3, arbitrary: fc.tuple(valid, AWKWARD).map(([v, extra]) => JSON.stringify(taint(v, extra)) ?? "null") },
    { weight: 2, arbitrary: fc.tuple(validText, fc.constantFrom(...PROTO_KEYS)).map(([t, k]) => withProtoKey(t, k)) },
    { weight: 1, arbitrary: fc.oneof(fc.string(), validText.map((t) => t.slice(0, -1)), fc.constantFrom("{", "{'a':1}", "[1,]", "NaN", "undefined", "\uFEFF{}", "{\"a\":1}{")) },
    { weight: 1, arbitrary: fc.constantFrom("null", "[]", "42", '"text"', "true", "{}") },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 30_000 }).map((n) => nested(n, "[", "]")) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 10_000 }).map((n) => nested(n, '{"a":', "}", "1")) },
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ pad: "x".repeat(limit) })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function queries(schema: ZodType | undefined, derive: DeriveOptions): fc.Arbitrary<string> {
  const valid = schema ? arbitraryOf(schema, derive) : fc.constant({});
  const asPairs = (v: unknown): [string, string][] =>
    typeof v === "object" && v !== null ? Object.entries(v).map(([k, x]) => [k, typeof x === "string" ? x : JSON.stringify(x) ?? ""]) : [];
  const encode = (pairs: [string, string][]) => {
    try {
      return pairs.length ? `?${new URLSearchParams(pairs)}` : "";
    } catch {
      return "";
    }
  };
  const key = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 10 }));
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => encode(asPairs(v))) },
    { weight: 3, arbitrary: fc.tuple(valid, fc.nat(), hostileString).map(([v, pick, bad]) => {
      const pairs = asPairs(v);
      if (pairs.length) pairs[pick % pairs.length][1] = bad;
      return encode(pairs);
    }) },
    { weight: 2, arbitrary: fc.tuple(valid, fc.array(fc.tuple(key, hostileString), { maxLength: 4 })).map(([v, extra]) => encode([...asPairs(v), ...extra, ...asPairs(v)])) },
    { weight: 1, arbitrary: fc.constantFrom("?%zz=%ff", "?a=%E0%A4%A", "?=", "?&&&", "?cursor[]=1&cursor[]=2") },
  );
}

function pathParams(real: Record<string, string> | undefined, schema: ZodType | undefined, derive: DeriveOptions) {
  if (!real && !schema) return fc.constant(undefined);
  const derived = schema ? arbitraryOf(schema, derive) : fc.constant({});
  return fc.tuple(derived, fc.dictionary(fc.constantFrom(...Object.keys(real ?? {})), hostileString), fc.nat()).map(([d, bad, pick]) => {
    const base = { ...(typeof d === "object" && d !== null ? (d as Record<string, string>) : {}) };
    // Mostly the caller's own resources, so that the body's checks are reached.
    const chosen = pick % 4 === 0 ? base : { ...base, ...real };
    const params = pick % 3 === 0 ? { ...chosen, ...bad } : chosen;
    // A URL's path cannot carry a lone surrogate: the router hands the route well-formed text.
    return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? v.toWellFormed() : v]));
  });
}

const CONTENT_TYPES = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", undefined) },
);

// ── The property ─────────────────────────────────────────────────────────────

describeEachDatabase("bad input, fuzzed", () => {
  let everything: RunningServer;
  let derive: DeriveOptions;

  beforeAll(async () => {
    everything = await startEverything("streamableHttp");
    derive = { urls: [`${everything.origin}/mcp`] };
  });

  afterAll(async () => {
    await workbenchPool().closeAll();
    await everything?.stop();
  });

  // Many generated requests to every route: the longest test of the suite.
  test("no route answers a 5xx, refusals have the error shape and write nothing", async () => {
    const failures: string[] = [];
    let routes = 0;
    let cases = 0;
    let relayed = 0;

    for (const r of routeMethods()) {
      const entry = ROUTE_TABLE[r.key];
      const handler = (await loadRoute(r.file))[r.method] as Handler;
      const spec = specOf(handler);
      if (!entry || !spec || !ONLY.test(r.key)) continue; // a route missing from the table: the authorization matrix names it
      routes += 1;

      const { caller, resources } = await callerFor(entry.kind === "admin", derive.urls[0]);
      const arbitrary = fc.record({
        params: pathParams(entry.params?.(resources), spec.params, derive),
        query: queries(spec.query, derive),
        body: WRITES.has(r.method) || spec.body ? bodies(spec.body, derive, spec.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) : fc.constant(undefined),
        contentType: CONTENT_TYPES,
        byCookie: fc.boolean(),
      });

      const details = await fc.check(
        fc.asyncProperty(arbitrary, async (c) => {
          cases += 1;
          const headers: Record<string, string> = c.byCookie ? { cookie: caller.cookie, origin: ORIGIN } : { ...caller.bearer };
          if (c.body !== undefined && c.contentType) headers["content-type"] = c.contentType;
          const before = await rowCounts();
          const answer = await send(handler, {
            method: r.method,
            path: fillPath(r.path, c.params ?? {}) + c.query,
            params: c.params,
            headers,
            body: c.body,
          });
          if (relaysServerFailure(answer)) {
            relayed += 1;
            return;
          }
          // Only a refusal must have written nothing: an accepted request's writes are its work, not counted again.
          const problem = judge(answer, answer.status >= 400 ? changedTables(before, await rowCounts()) : []);
          if (problem) throw new Error(problem);
        }),
        { numRuns: OUTBOUND.test(r.key) ? OUTBOUND_RUNS : RUNS, endOnFailure: true },
      );
      if (details.failed) {
        const example = JSON.stringify(details.counterexample)?.slice(0, 400);
        failures.push(`${r.key} (seed ${details.seed}): ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)} — ${example}`);
      }
    }

    console.log(`fuzz: ${routes} routes, ${cases} cases (${relayed} relayed an MCP server's own failure as 502/504)`);
    expect(failures).toEqual([]);
  }, 600_000);
});

/**
 * The workbench's documented answer when the MCP server itself failed or
 * refused (a JSON-RPC error, a timeout): 502 `upstream_error` or 504
 * `upstream_timeout`, in the error shape, with the call kept in the history.
 * A gateway's answer about its upstream, not a crash of ours.
 */
function relaysServerFailure(answer: Awaited<ReturnType<typeof send>>): boolean {
  const code = isErrorShape(answer.json) ? (answer.json as { error: string }).error : null;
  return (answer.status === 502 && code === "upstream_error") || (answer.status === 504 && code === "upstream_timeout");
}

/** What is wrong with an answer, if anything. */
function judge(answer: Awaited<ReturnType<typeof send>>, changed: string[]): string | null {
  if (Object.prototype.hasOwnProperty.call(Object.prototype, "polluted") || ({} as Record<string, unknown>).isAdmin !== undefined) {
    return "Object.prototype was polluted";
  }
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status >= 400) {
    if (!isErrorShape(answer.json)) return `refused with ${answer.status} without the error shape: ${answer.text.slice(0, 300)}`;
    if (changed.length) return `refused with ${answer.status}, yet wrote to ${changed.join(", ")}`;
  }
  return null;
}

/** A fresh caller with one of everything (for admin routes, an administrator pointed at an ordinary user's things). */
async function callerFor(admin: boolean, serverUrl: string): Promise<{ caller: SignedIn; resources: OwnedResources }> {
  const caller = admin ? await signInAdmin({ plan: "pro" }) : await signIn({ plan: "pro" });
  const owner = admin ? await signIn({ plan: "pro" }) : caller;
  return { caller, resources: await createOwnedResources(owner.uid, serverUrl) };
}
