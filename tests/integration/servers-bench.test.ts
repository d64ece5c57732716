import { GET as listGET } from "@/app/api/servers/route";
import { POST as testPOST } from "@/app/api/servers/test/route";
import { db } from "@/lib/db";
import { serverHeaders, servers } from "@/lib/db/schema";
import { sealHeader } from "@/lib/servers/headers";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signIn } from "../support/sign-in";

/**
 * The closing figures of the servers feature, measured through the API
 * handlers: "Test connection" against a local server-everything, and the
 * list endpoint with 3 and with 1,000 servers. The figures are printed,
 * never asserted; what is asserted is that the answers stay right at that size.
 */

let everything: RunningServer;
beforeAll(async () => {
  everything = await startEverything("streamableHttp");
});
afterAll(() => everything.stop());

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await fn();
  return [performance.now() - started, result];
}

async function seed(ownerUid: string, from: number, to: number) {
  const rows = Array.from({ length: to - from }, (_, i) => ({
    ownerUid,
    name: `Server ${String(from + i).padStart(4, "0")}`,
    description: "Seeded for the list benchmark",
    transport: "streamable-http" as const,
    url: `https://mcp-${from + i}.example.com/mcp`,
    tags: ["bench"],
  }));
  const database = await db();
  for (let i = 0; i < rows.length; i += 250) {
    const inserted = await database.insert(servers).values(rows.slice(i, i + 250)).returning({ id: servers.id });
    await database.insert(serverHeaders).values(inserted.map((r) => ({ serverId: r.id, ...sealHeader(r.id, "Authorization", "Bearer bench-token-000000") })));
  }
}

describeEachDatabase("servers: closing figures", ({ handle }) => {
  let cookie: string;
  let uid: string;

  beforeAll(async () => {
    ({ cookie, uid } = await signIn({ plan: "enterprise" }));
  });

  it("tests a connection to a local server-everything, repeatedly", async () => {
    const body = { transport: "streamable-http", url: `${everything.origin}/mcp` };
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const [t, res] = await timed(() => call(testPOST, "/api/servers/test", { body, cookie }));
      expect(res.status).toBe(200);
      expect(res.json.counts).toEqual({ tools: 17, resources: 7, resourceTemplates: 2, prompts: 4 });
      if (i > 0) times.push(t);
    }
    console.log(`[${handle().kind}] POST /api/servers/test: median ${ms(median(times))} over ${times.length} runs (after one warm-up)`);
  });

  it("lists 3 and then 1,000 servers, all of them, by name, headers masked", async () => {
    const list = async () => {
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < 21; i++) {
        const [t, res] = await timed(() => call(listGET, "/api/servers", { cookie }));
        last = res;
        if (i > 0) times.push(t);
      }
      return { median: median(times), res: last! };
    };

    await seed(uid, 0, 3);
    const three = await list();
    expect(three.res.json.servers.map((s: { name: string }) => s.name)).toEqual(["Server 0000", "Server 0001", "Server 0002"]);

    await seed(uid, 3, 1_000);
    const thousand = await list();
    const all = thousand.res.json.servers as { name: string; headers: { value: string }[] }[];
    expect(all).toHaveLength(1_000);
    expect(all[999].name).toBe("Server 0999");
    expect(all.every((s) => s.headers[0].value === "••••••••0000")).toBe(true);

    console.log(
      `[${handle().kind}] GET /api/servers: median ${ms(three.median)} with 3 servers, ${ms(thousand.median)} with 1,000 (${Math.round(thousand.res.text.length / 1024)} KiB) over 20 runs each`,
    );
  });
});
