import { Client } from "pg";
import { GET as serversGET } from "@/app/api/servers/route";
import { PATCH as settingsPATCH } from "@/app/api/user/settings/route";
import { openDatabase, type Database } from "@/lib/db/database";
import { useDatabase } from "@/lib/db";
import { createPostgresDatabase } from "../support/databases";
import { call } from "../support/http";
import { isErrorShape } from "../support/route-call";
import { signIn, type SignedIn } from "../support/sign-in";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

/**
 * PostgreSQL restarting under load, as the service's pool sees it: a TCP
 * proxy between the two resets every connection and refuses new ones, then
 * forwards again. Meanwhile every request is answered 503 `unavailable` with
 * a Retry-After (never a 500, never left hanging), and afterwards requests
 * succeed again with the same database handle: nothing is restarted. The
 * shared PostgreSQL itself is not touched; other suites use it meanwhile.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const WORKERS = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!ADMIN_URL) console.log("database outage test skipped: it needs PostgreSQL (set TEST_DATABASE_URL)");

interface Outcome {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

(ADMIN_URL ? describe : describe.skip)("PostgreSQL restarted under load", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let proxy: TcpProxy;
  let handle: Database;
  let user: SignedIn;

  beforeAll(async () => {
    created = await createPostgresDatabase(ADMIN_URL!);
    const direct = new URL(created.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(created.url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    handle = await openDatabase({ url: proxied.toString() });
    useDatabase(handle);
    user = await signIn();
  });

  afterAll(async () => {
    useDatabase(undefined);
    await handle?.close();
    await proxy?.stop();
    await created?.drop();
  });

  let n = 0;
  /** One read or one write, alternately, as the user's ID token. */
  async function request(): Promise<Outcome> {
    const i = n++;
    const res =
      i % 2 === 0
        ? await call(serversGET, "/api/servers", { headers: user.bearer })
        : await call(settingsPATCH, "/api/user/settings", { method: "PATCH", headers: user.bearer, body: { displayName: `Outage ${i}` } });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: res.json };
  }

  /** WORKERS loops of requests until `stop()` is true; every outcome, in the order they ended. */
  async function load(stop: () => boolean): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (!stop()) outcomes.push(await request());
      }),
    );
    return outcomes;
  }

  it("answers 503 unavailable with a Retry-After while the database is unreachable, and recovers by itself", async () => {
    const before = await load(((end) => () => Date.now() > end)(Date.now() + 1_000));
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((o) => o.status !== 200)).toEqual([]);

    // Cut while requests are in flight: some lose their connection mid-query.
    let down = true;
    const during = load(() => !down);
    await sleep(200);
    await proxy.cut();
    const cutAt = Date.now();
    await sleep(3_000);
    down = false;
    const outage = (await during).filter((o) => o.status !== 200);
    // Requests that had their answer before the cut are 200; every other one is a 503 of the documented shape.
    expect(outage.length).toBeGreaterThan(0);
    for (const o of outage) {
      expect(o.status).toBe(503);
      expect(isErrorShape(o.body)).toBe(true);
      expect((o.body as { error: string }).error).toBe("unavailable");
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }

    await proxy.restore();
    const restoredAt = Date.now();
    // The same process, the same pool: the first requests after the restore may still meet a connection
    // the pool has not yet seen die, then every one succeeds.
    let firstOkAt = 0;
    let failuresAfterRestore = 0;
    while (!firstOkAt) {
      const o = await request();
      if (o.status === 200) firstOkAt = Date.now();
      else {
        expect(o.status).toBe(503);
        failuresAfterRestore++;
        await sleep(50);
      }
    }
    const after = await load(((end) => () => Date.now() > end)(Date.now() + 1_000));
    expect(after.filter((o) => o.status !== 200)).toEqual([]);
    const settings = await call(settingsPATCH, "/api/user/settings", { method: "PATCH", headers: user.bearer, body: { displayName: "After the outage" } });
    expect(settings.json.profile.displayName).toBe("After the outage");

    console.log(
      `database outage (connections cut): ${before.length} requests before (all 200); ${outage.length} answered 503 unavailable during ${Math.round((restoredAt - cutAt) / 1000)} s down ` +
        `(${(await during).length - outage.length} others completed before the cut); after the restore ${failuresAfterRestore} more 503s, ` +
        `first success after ${firstOkAt - restoredAt} ms, then ${after.length} requests all 200, without restarting anything`,
    );
  });

  it("answers 503 when PostgreSQL ends the connections (admin_shutdown, as a restart does), and recovers by itself", async () => {
    // What a fast shutdown sends every session (57P01), on this test's own database only.
    const terminate = async () => {
      const admin = new Client({ connectionString: ADMIN_URL });
      await admin.connect();
      try {
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [new URL(created.url).pathname.slice(1)]);
      } finally {
        await admin.end();
      }
    };
    let loading = true;
    const during = load(() => !loading);
    for (let i = 0; i < 5; i++) {
      await sleep(150);
      await terminate();
    }
    loading = false;
    const outcomes = await during;
    const refused = outcomes.filter((o) => o.status !== 200);
    // Four requests at a time are always running: some of them lose their session.
    expect(refused.length).toBeGreaterThan(0);
    for (const o of refused) {
      expect(o.status).toBe(503);
      expect((o.body as { error: string }).error).toBe("unavailable");
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }
    const after = await load(((end) => () => Date.now() > end)(Date.now() + 500));
    expect(after.filter((o) => o.status !== 200)).toEqual([]);
    console.log(`database outage (sessions terminated 5 times): ${outcomes.length} requests, ${refused.length} answered 503 unavailable, the rest 200; then ${after.length} requests all 200`);
  });
});
