import { bwrapCommand } from "@/lib/sandbox/bwrap-args";
import { DEFAULT_LIMITS, type SandboxSpec } from "@/lib/sandbox/spec";

const spec = (overrides: Partial<SandboxSpec> = {}): SandboxSpec => ({
  command: "node",
  args: ["server.js"],
  env: { API_KEY: "secret-value" },
  readOnly: [{ host: "/var/cache/packages/a", sandbox: "/package" }],
  limits: DEFAULT_LIMITS,
  ...overrides,
});

it("keeps the server's secrets out of bwrap's arguments, which every user of the host can list", () => {
  const { args, env } = bwrapCommand(spec());
  expect(args.join(" ")).not.toContain("secret-value");
  expect(env).toEqual({ API_KEY: "secret-value", PATH: "/usr/local/bin:/usr/bin:/bin", HOME: "/sandbox", TMPDIR: "/sandbox" });
});

it("unshares every namespace, drops every capability and ends with the command", () => {
  const { args } = bwrapCommand(spec());
  expect(args).toEqual(expect.arrayContaining(["--unshare-all", "--unshare-user", "--die-with-parent", "--new-session"]));
  expect(args.slice(args.indexOf("--cap-drop"), args.indexOf("--cap-drop") + 2)).toEqual(["--cap-drop", "ALL"]);
  expect(args.slice(args.indexOf("--"))).toEqual(["--", "node", "server.js"]);
  expect(args.slice(args.indexOf("--size"), args.indexOf("--size") + 2)).toEqual(["--size", String(DEFAULT_LIMITS.folderBytes)]);
});

it("refuses variables the sandbox sets and names that are not names", () => {
  expect(() => bwrapCommand(spec({ env: { PATH: "/host/bin" } }))).toThrow("PATH is set by the sandbox and cannot be given.");
  expect(() => bwrapCommand(spec({ env: { "A=B": "x" } }))).toThrow('"A=B" is not a valid environment variable name.');
});

it("refuses a read-only folder that is not an absolute path inside the sandbox", () => {
  expect(() => bwrapCommand(spec({ readOnly: [{ host: "/x", sandbox: "/package/../etc" }] }))).toThrow('"/package/../etc" is not an absolute path inside the sandbox.');
  expect(() => bwrapCommand(spec({ readOnly: [{ host: "/x", sandbox: "/" }] }))).toThrow();
});

it("with egress, starts the bridge first, points the proxy variables at it and shows only the proxy's socket folder", () => {
  const egress = { scriptsDir: "/srv/console/lib/sandbox/egress", undiciDir: "/srv/console/node_modules/undici", socketDir: "/tmp/mcp-egress-1", socketName: "proxy.sock" };
  const { args, env } = bwrapCommand(spec({ env: { API_KEY: "secret-value", NODE_OPTIONS: "--max-old-space-size=128" }, egress: [{ host: "api.example.com" }] }), egress);
  expect(args.slice(args.indexOf("--"))).toEqual(["--", "node", "/egress/lib/bridge.mjs", "/egress/run/proxy.sock", "3128", "/egress/lib/preload.mjs", "node", "server.js"]);
  expect(args.join(" ")).toContain("--ro-bind /tmp/mcp-egress-1 /egress/run");
  expect(args.join(" ")).toContain("--ro-bind /srv/console/node_modules/undici /egress/undici");
  expect(args).toContain("--unshare-all");
  expect(env).toMatchObject({
    HTTPS_PROXY: "http://127.0.0.1:3128",
    https_proxy: "http://127.0.0.1:3128",
    HTTP_PROXY: "http://127.0.0.1:3128",
    NO_PROXY: "",
    NODE_OPTIONS: "--max-old-space-size=128",
  });
});

it("without egress, sets no proxy and mounts nothing of it", () => {
  const { args, env } = bwrapCommand(spec());
  expect(Object.keys(env)).not.toContain("HTTPS_PROXY");
  expect(args.join(" ")).not.toContain("/egress");
});
