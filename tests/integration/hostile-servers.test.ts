import { POST as createPOST } from "@/app/api/servers/route";
import { performCheck } from "@/lib/monitoring/check";
import { executeCall } from "@/lib/upstream/call";
import { workbenchPool } from "@/lib/upstream/pool";
import { findCallTarget } from "@/lib/servers/call-target";
import { describeOnOneDatabase } from "../support/databases";
import { startHostileServer, HOSTILE_BEHAVIOURS, type HostileServer } from "../support/hostile-servers";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signIn, type SignedIn } from "../support/sign-in";

/** The call's and the check's timeout here: short, so that each hostile server is given up on soon. */
const TIMEOUT_MS = 2_000;
/** Loopback (where the test servers listen) but no private address: what a deployment's policy refuses. */
const NO_PRIVATE = { allowLoopback: true, allowPrivate: false };

let everything: RunningServer;
let hostile: HostileServer;

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
  hostile = await startHostileServer();
}, 30_000);

afterAll(async () => {
  await workbenchPool().closeAll();
  await Promise.all([everything, hostile].map((s) => s?.stop()));
});

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

async function addServer(who: SignedIn, name: string, url: string) {
  const res = await call(createPOST, "/api/servers", { headers: who.bearer, body: { name, transport: "streamable-http", url, headers: [] } });
  expect(res.status).toBe(201);
  return findCallTarget(who.uid, res.json.id as string);
}

const echo = { method: "tools/call" as const, params: { name: "echo", arguments: { message: "still here" } } };

/** Runs `work` and returns how long it took, in ms. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function median(xs: number[]): string {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? `${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms` : "none";
}

// The database plays no part in how a hostile server is met: one run of the waits is enough.
describeOnOneDatabase("hostile MCP servers", () => {
  let attacker: SignedIn;
  let bystander: SignedIn;

  /** The other user's call latency with no hostile server at work: what "normal" is on this machine now. */
  let calm: number[];

  beforeAll(async () => {
    [attacker, bystander] = await Promise.all([signIn({ plan: "pro" }), signIn({ plan: "pro" })]);
    const neighbour = await addServer(bystander, "Everything (calm)", `${everything.origin}/mcp`);
    calm = [];
    for (let i = 0; i < 30; i++) {
      calm.push(await timed(async () => expect((await executeCall(bystander.uid, neighbour, echo)).ok).toBe(true)));
    }
  });

  it.each(HOSTILE_BEHAVIOURS)("%s: the call and the check end with a clear error, memory stays bounded, others are served", async (behaviour) => {
    const target = await addServer(attacker, `Hostile ${behaviour}`, hostile.url(behaviour));
    const normal = await addServer(attacker, `Everything ${behaviour}`, `${everything.origin}/mcp`);
    const neighbour = await addServer(bystander, `Everything ${behaviour}`, `${everything.origin}/mcp`);

    // The other user's connection is opened beforehand: its handshake is not what is measured.
    expect((await executeCall(bystander.uid, neighbour, echo)).ok).toBe(true);
    // Collected first, so that the full collection's pause does not fall on the other user's calls.
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;

    // Another user's calls keep being answered while the hostile server is at work.
    let hostileDone = false;
    const neighbourCalls = (async () => {
      const durations: number[] = [];
      do {
        durations.push(await timed(async () => expect((await executeCall(bystander.uid, neighbour, echo)).ok).toBe(true)));
      } while (!hostileDone);
      return durations;
    })();

    const [outcome, check] = await Promise.all([
      executeCall(attacker.uid, target, { ...echo, timeoutMs: TIMEOUT_MS }),
      performCheck({ transport: "streamable-http", url: hostile.url(behaviour), headers: {} }, { thresholdMs: 1_000, timeoutMs: TIMEOUT_MS, limits: { policy: NO_PRIVATE } }),
    ]).finally(() => {
      hostileDone = true;
    });
    const neighbourDurations = await neighbourCalls;
    global.gc?.();
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `${behaviour}: call → ${outcome.ok ? "ok" : `${outcome.failure.code}: ${outcome.failure.message}`}; check → ${check.result} ${check.failure ? `${check.failure.kind}: ${check.failure.reason}` : ""}; ` +
        `RSS ${megabytes(rssBefore)} MB → ${megabytes(rssAfter)} MB; ` +
        `another user's calls meanwhile: ${neighbourDurations.length}, median ${median(neighbourDurations)} (calm: ${median(calm)})`,
    );

    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.failure.message.length).toBeGreaterThan(0);
    // A redirect is named as one, not taken for an answer that is not MCP.
    if (behaviour === "loop" || behaviour === "to-private") {
      if (!outcome.ok) expect(outcome.failure.message).toContain("redirect that is not followed");
      expect(check.failure?.reason).toContain("redirect that is not followed");
    }
    // A server that never finishes its handshake fails the call within the call's own timeout.
    if (behaviour === "hang" && !outcome.ok) expect(outcome.failure.message).toBe(`The server at ${hostile.url(behaviour)} did not answer within 2 s.`);
    expect(check.result).toBe("failed");
    expect(check.failure).not.toBeNull();
    expect(rssAfter - rssBefore).toBeLessThan(200 * 1024 * 1024);

    // The pool is not poisoned: a normal call of the same user works afterwards.
    expect((await executeCall(attacker.uid, normal, echo)).ok).toBe(true);
  });
});
