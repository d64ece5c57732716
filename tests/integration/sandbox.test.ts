import { Client, type JSONRPCMessage } from "@modelcontextprotocol/client";
import { spawnSandbox } from "@/lib/sandbox/process";
import { DEFAULT_LIMITS, type SandboxLimits, type SandboxSpec } from "@/lib/sandbox/spec";
import { SandboxTransport } from "@/lib/sandbox/transport";
import { GET as healthGET } from "@/app/api/health/route";
import { underHealthPolling } from "../support/health-polling";
import { call } from "../support/http";
import { leftoverCgroups, programSpec, serverEverythingSpec } from "../support/sandbox";

/**
 * Stdio servers in the sandbox (lib/sandbox): a real package answering through the SDK's client,
 * and hostile programs, each stopped or contained with a reason that says why, leaving nothing
 * running behind, while a neighbour in its own sandbox keeps answering.
 */

async function run(command: string, args: string[], limits = {}, env = {}) {
  const sandbox = await spawnSandbox(programSpec(command, args, limits, env));
  let stdout = "";
  sandbox.stdout.setEncoding("utf8").on("data", (text: string) => {
    stdout += text;
  });
  const exit = await sandbox.exited;
  return { exit, stdout };
}

/** A program over the console's own transport, as a stored server runs: what it said as messages, and why it ended. */
async function runTransport(command: string, args: string[], limits = {}) {
  const transport = new SandboxTransport(programSpec(command, args, limits));
  const messages: JSONRPCMessage[] = [];
  transport.onmessage = (message) => void messages.push(message);
  await transport.start();
  const exit = await transport.exited!;
  return { exit, messages };
}

/**
 * server-everything with stray lines on its stdout, as servers that log with console.log print
 * them: a banner of five lines, then a log line and a JSON log line before each of its messages.
 */
function strayLinesEverythingSpec(limits: Partial<SandboxLimits> = {}): SandboxSpec {
  const everything = serverEverythingSpec(limits);
  const script = `
    const write = process.stdout.write.bind(process.stdout);
    for (let i = 1; i <= 5; i++) write("Everything server, banner line " + i + "\\n");
    process.stdout.write = (chunk, ...rest) => {
      write("about to answer\\n");
      write(JSON.stringify({ level: "info", msg: "answering" }) + "\\n");
      return write(chunk, ...rest);
    };
    process.argv = [process.argv[0], ${JSON.stringify(everything.args[0])}, "stdio"];
    import(${JSON.stringify(everything.args[0])});`;
  return { ...everything, args: ["-e", script] };
}

/** A well-behaved server running beside each hostile one: it must keep answering throughout. */
let neighbour: Client;
let neighbourCgroups: string[];

beforeAll(async () => {
  neighbour = new Client({ name: "sandbox-neighbour", version: "1.0.0" });
  await neighbour.connect(new SandboxTransport(serverEverythingSpec()));
  neighbourCgroups = leftoverCgroups();
});

afterAll(async () => {
  await neighbour.close();
  expect(leftoverCgroups()).toEqual([]);
});

afterEach(async () => {
  const answer = await neighbour.callTool({ name: "echo", arguments: { message: "still here" } });
  expect(answer.content).toEqual([{ type: "text", text: "Echo: still here" }]);
  expect(leftoverCgroups()).toEqual(neighbourCgroups);
});

it("runs server-everything over stdio: tools/list and a call through the SDK's client", async () => {
  const transport = new SandboxTransport(serverEverythingSpec());
  const client = new Client({ name: "sandbox-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(transport);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain("echo");
  const result = await client.callTool({ name: "echo", arguments: { message: "from the sandbox" } });
  expect(result.content).toEqual([{ type: "text", text: "Echo: from the sandbox" }]);
  await client.close();
  expect((await transport.exited)?.kind).toBe("stopped");
});

it("shows none of the host's files, the console's folder, data folder or environment", async () => {
  process.env.SANDBOX_TEST_SECRET = "console-secret-value";
  const script = `
    const fs = require("fs");
    const read = (p) => { try { return fs.statSync(p).isDirectory() ? fs.readdirSync(p) : fs.readFileSync(p, "utf8"); } catch (e) { return e.code; } };
    console.log(JSON.stringify({ root: read("/root"), console: read(${JSON.stringify(process.cwd())}), data: read(${JSON.stringify(process.env.DATA_DIR)}),
      etc: read("/etc/passwd"), environ: read("/proc/1/environ").split("\\0").filter(Boolean).sort(), env: process.env, uid: process.getuid() }));`;
  const { exit, stdout } = await run("node", ["-e", script], {}, { SERVER_OWN: "its own" });
  expect(exit.kind).toBe("exited");
  const seen = JSON.parse(stdout);
  expect(seen).toMatchObject({ root: "ENOENT", console: "ENOENT", data: "ENOENT", etc: "ENOENT", uid: 1000 });
  expect(seen.environ).toEqual(["HOME=/sandbox", "PATH=/usr/local/bin:/usr/bin:/bin", "SERVER_OWN=its own", "TMPDIR=/sandbox"]);
  expect(seen.env).toEqual({ HOME: "/sandbox", PATH: "/usr/local/bin:/usr/bin:/bin", PWD: "/sandbox", SERVER_OWN: "its own", TMPDIR: "/sandbox" });
  expect(stdout).not.toContain("console-secret-value");
});

it("reaches no network: not the host's 127.0.0.1:5432, not the metadata address", async () => {
  const script = `
    const net = require("net");
    const tryConnect = (host, port) => new Promise((resolve) => {
      const socket = net.connect({ host, port, timeout: 2000 });
      socket.on("connect", () => { socket.destroy(); resolve("connected"); });
      socket.on("timeout", () => { socket.destroy(); resolve("timeout"); });
      socket.on("error", (e) => resolve(e.code));
    });
    Promise.all([tryConnect("127.0.0.1", 5432), tryConnect("169.254.169.254", 80)]).then((r) => console.log(JSON.stringify(r)));`;
  const { exit, stdout } = await run("node", ["-e", script]);
  expect(exit.kind).toBe("exited");
  expect(JSON.parse(stdout)).toEqual(["ECONNREFUSED", "ENETUNREACH"]);
});

it("stops a server that forks without end at its process cap", async () => {
  const { exit } = await run("sh", ["-c", "while :; do sleep 1000 & done"], { processes: 16 });
  expect(exit).toMatchObject({ kind: "cap", reason: "The server tried to run more than 16 processes and was stopped." });
});

it("stops a server that writes without end to its folder at the folder's size cap", async () => {
  const script = `const fs = require("fs"); const mb = Buffer.alloc(1 << 20, 120); for (;;) fs.appendFileSync("/sandbox/fill", mb);`;
  const { exit } = await run("node", ["-e", script], { folderBytes: 4 * 1024 * 1024 });
  expect(exit.kind).toBe("crashed");
  expect(exit.reason).toMatch(/^The server exited with code 1\. Its last words: .*ENOSPC: no space left on device/);
});

it("stops a server that prints without end at the output cap", async () => {
  const { exit, stdout } = await run("yes", [], { outputBytes: 1024 * 1024 });
  expect(exit).toMatchObject({ kind: "cap", reason: "The server printed more than 1048576 bytes without being asked and was stopped." });
  expect(stdout.length).toBeLessThan(2 * 1024 * 1024);
});

it("stops a server that prints lines that are not MCP messages (yes) after a run of them, long before the output cap", async () => {
  const { exit, messages } = await runTransport("yes", [], { outputBytes: DEFAULT_LIMITS.outputBytes });
  expect(exit).toMatchObject({
    kind: "cap",
    reason: `The server printed more than ${DEFAULT_LIMITS.strayLines} lines in a row on stdout that are not MCP messages and was stopped. A server's logs belong on stderr.`,
  });
  expect(messages).toEqual([]);
});

it("stops a server that floods with MCP messages at the output cap, having read them as messages", async () => {
  const flood = `const line = JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "flood" } }) + "\\n";
    const lines = line.repeat(1000);
    const more = () => { while (process.stdout.write(lines)); process.stdout.once("drain", more); };
    more();`;
  const { exit, messages } = await runTransport("node", ["-e", flood]);
  expect(exit).toMatchObject({ kind: "cap", reason: "The server printed more than 1048576 bytes without being asked and was stopped." });
  expect(messages.length).toBeGreaterThan(1000);
  expect(messages[0]).toEqual({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "flood" } });
});

it("keeps a server that prints a stray line on stdout now and then: its messages are read, the rest passed over", async () => {
  const transport = new SandboxTransport(strayLinesEverythingSpec());
  const client = new Client({ name: "sandbox-test", version: "1.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain("echo");
  for (const message of ["one", "two", "three"]) {
    const result = await client.callTool({ name: "echo", arguments: { message } });
    expect(result.content).toEqual([{ type: "text", text: `Echo: ${message}` }]);
  }
  await client.close();
  expect((await transport.exited)?.kind).toBe("stopped");

  // The same server allowed fewer stray lines in a row than its banner has: the lines were there, and are counted.
  const strict = new SandboxTransport(strayLinesEverythingSpec({ strayLines: 4 }));
  await expect(new Client({ name: "sandbox-test", version: "1.0.0" }).connect(strict)).rejects.toThrow();
  expect(await strict.exited).toMatchObject({ kind: "cap", reason: expect.stringMatching(/^The server printed more than 4 lines in a row on stdout that are not MCP messages/) });
});

it("stops a server that logs without end on stderr at the same cap", async () => {
  const { exit } = await run("sh", ["-c", "yes >&2"], { outputBytes: 1024 * 1024 });
  expect(exit).toMatchObject({ kind: "cap", reason: "The server printed more than 1048576 bytes without being asked and was stopped." });
});

it("stops a server that grows past its memory cap", async () => {
  const script = `const kept = []; for (;;) kept.push(Buffer.alloc(1 << 20, 1));`;
  const { exit } = await run("node", ["-e", script], { memoryBytes: 128 * 1024 * 1024 });
  expect(exit).toMatchObject({ kind: "cap", reason: "The server ran out of its 134217728 bytes of memory and was stopped." });
});

it("stops a server that spends its CPU time", async () => {
  const { exit } = await run("node", ["-e", "for (;;) {}"], { cpuSeconds: 0.5 });
  expect(exit).toMatchObject({ kind: "cap", reason: "The server used its 0.5 s of CPU time and was stopped." });
});

it("stops a server that never answers when its client gives up and closes", async () => {
  const transport = new SandboxTransport(programSpec("sleep", ["1000"]));
  const client = new Client({ name: "sandbox-test", version: "1.0.0" });
  await expect(client.connect(transport, { timeout: 500 })).rejects.toThrow(/timed out/i);
  await client.close();
  expect(await transport.exited).toMatchObject({ kind: "stopped", reason: "The console stopped the server." });
});

it("says a server exited when it exits at once", async () => {
  const transport = new SandboxTransport(programSpec("true", []));
  const client = new Client({ name: "sandbox-test", version: "1.0.0" });
  await expect(client.connect(transport)).rejects.toThrow();
  expect(await transport.exited).toMatchObject({ kind: "exited", reason: "The server exited (code 0) on its own." });
});

it("keeps the service answering while hostile servers run together, the output floods and the forks at the console's default caps", async () => {
  // The database opened first: the polling measures the service, not its first start.
  expect((await call(healthGET, "/api/health")).status).toBe(200);
  const polled = await underHealthPolling(() =>
    Promise.all([
      run("yes", [], { outputBytes: DEFAULT_LIMITS.outputBytes }),
      runTransport("yes", [], { outputBytes: DEFAULT_LIMITS.outputBytes }),
      run("sh", ["-c", "while :; do sleep 1000 & done"], { processes: DEFAULT_LIMITS.processes }),
      run("node", ["-e", "const kept = []; for (;;) kept.push(Buffer.alloc(1 << 20, 1));"], { memoryBytes: 256 * 1024 * 1024 }),
      run("node", ["-e", "for (;;) {}"], { cpuSeconds: 2 }),
    ]),
  );
  console.log(`hostile servers together: ${polled.answers} health answers meanwhile, p50 ${polled.p50.toFixed(1)} ms, p99 ${polled.p99.toFixed(1)} ms (issue 36's bar: 100 ms), ${polled.held}`);
  const [flood, lines, forks, memory, cpu] = polled.result.map((r) => r.exit);
  expect(lines).toMatchObject({ kind: "cap", reason: expect.stringMatching(/^The server printed more than 1000 lines in a row on stdout that are not MCP messages/) });
  expect(flood).toMatchObject({ kind: "cap", reason: `The server printed more than ${DEFAULT_LIMITS.outputBytes} bytes without being asked and was stopped.` });
  expect(forks).toMatchObject({ kind: "cap", reason: `The server tried to run more than ${DEFAULT_LIMITS.processes} processes and was stopped.` });
  expect(memory).toMatchObject({ kind: "cap", reason: "The server ran out of its 268435456 bytes of memory and was stopped." });
  expect(cpu).toMatchObject({ kind: "cap", reason: "The server used its 2 s of CPU time and was stopped." });
  expect([...polled.statuses]).toEqual([200]);
  // Answered during the work, not after it.
  expect(polled.answers).toBeGreaterThan(5);
});
