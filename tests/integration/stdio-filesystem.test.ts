import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { GET as inventoryGET } from "@/app/api/servers/[id]/inventory/route";
import { POST as scanPOST } from "@/app/api/servers/[id]/scan/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { describeEachDatabase } from "../support/databases";
import { connectClient, createGateway, gatewayToken } from "../support/gateway";
import { call } from "../support/http";
import { BUNDLES } from "../support/npm-registry";
import { ownerSignedIn, stdioSuite } from "../support/stdio-suite";

/**
 * The official filesystem server (@modelcontextprotocol/server-filesystem, installed from the
 * registry on 127.0.0.1 like any npm package) given the sandbox's private folder, `/sandbox`, as
 * its one allowed directory: registered, discovered, called from the workbench, checked, scanned
 * and served through a gateway. Outside its folder two things refuse a path: the server's own
 * check, which a client's roots can widen, and the sandbox, in which the host's files, `/root`
 * and the console's folder do not exist at all.
 */

const FILESYSTEM = BUNDLES.filesystem;
const stdio = stdioSuite({ bundles: [FILESYSTEM], gateway: true });

const TOOLS = [
  "create_directory",
  "directory_tree",
  "edit_file",
  "get_file_info",
  "list_allowed_directories",
  "list_directory",
  "list_directory_with_sizes",
  "move_file",
  "read_file",
  "read_media_file",
  "read_multiple_files",
  "read_text_file",
  "search_files",
  "write_file",
];
const NOTES = "Sandboxed notes\nwritten from the workbench\n";
/** The console's own folder (the project's), which the server must not reach. */
const CONSOLE_FILE = `${process.cwd()}/package.json`;

interface ToolResult {
  content: { type: string; text: string }[];
  isError?: boolean;
}

describeEachDatabase("the official filesystem server in the sandbox", () => {
  const owner = ownerSignedIn();
  let id: string;

  /** A tool call from the workbench: what its page shows. */
  const tool = async (name: string, args: Record<string, unknown>, roots?: { uri: string }[]): Promise<ToolResult> => {
    const res = await call(callPOST, `/api/servers/${id}/call`, {
      params: { id },
      headers: owner.headers,
      body: { method: "tools/call", params: { name, arguments: args }, ...(roots ? { roots } : {}) },
    });
    expect(res.status).toBe(200);
    return res.json.result as ToolResult;
  };
  const text = (result: ToolResult) => result.content.map((c) => c.text).join("\n");

  it("is registered with its private folder as its one directory, and discovered: its 14 tools listed", async () => {
    const created = await call(serversPOST, "/api/servers", {
      headers: owner.headers,
      body: { name: "Files", transport: "stdio", package: { registryType: "npm", identifier: FILESYSTEM.name, version: FILESYSTEM.version }, args: ["/sandbox"] },
    });
    expect(created.status).toBe(201);
    id = created.json.id;
    expect(created.json).toMatchObject({
      transport: "stdio",
      url: `npm:${FILESYSTEM.name}@${FILESYSTEM.version}`,
      stdio: { integrity: stdio.registry.integrity[FILESYSTEM.name], args: ["/sandbox"] },
      // Reached at registration (degraded only when its cold start is slow on a busy machine).
      status: expect.stringMatching(/^(up|degraded)$/),
      serverInfo: { name: "secure-filesystem-server" },
      counts: { tools: TOOLS.length, resources: 0, prompts: 0 },
      process: { state: "running" },
    });
    const inventory = await call(inventoryGET, `/api/servers/${id}/inventory`, { params: { id }, headers: owner.headers });
    expect(inventory.json.tools.map((t: { name: string }) => t.name).sort()).toEqual(TOOLS);
  });

  it("writes a file in its folder from the workbench, reads it back and lists the folder", async () => {
    expect(text(await tool("write_file", { path: "/sandbox/notes.txt", content: NOTES }))).toBe("Successfully wrote to /sandbox/notes.txt");
    expect(text(await tool("read_text_file", { path: "/sandbox/notes.txt" }))).toBe(NOTES);
    expect(text(await tool("create_directory", { path: "/sandbox/drafts" }))).toBe("Successfully created directory /sandbox/drafts");
    expect(text(await tool("list_directory", { path: "/sandbox" }))).toBe("[DIR] drafts\n[FILE] notes.txt");
    expect(text(await tool("list_allowed_directories", {}))).toBe("Allowed directories:\n/sandbox");
  });

  it("refuses /etc/passwd, /root and the console's folder: outside its allowed directory", async () => {
    for (const [name, path] of [
      ["read_text_file", "/etc/passwd"],
      ["list_directory", "/root"],
      ["read_text_file", CONSOLE_FILE],
    ]) {
      const refused = await tool(name, { path });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toBe(`Access denied - path outside allowed directories: ${path} not in /sandbox`);
    }
  });

  it("passes a check", async () => {
    const check = await call(checkPOST, `/api/servers/${id}/check`, { params: { id }, headers: owner.headers });
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({ check: { result: "up", trigger: "manual", toolCount: TOOLS.length, toolsChanged: false }, status: "up" });
  });

  it("is scanned: the three tools it marks destructive listed as such, loose schemas noted, nothing worse", async () => {
    const scan = await call(scanPOST, `/api/servers/${id}/scan`, { params: { id }, headers: owner.headers });
    expect(scan.status).toBe(200);
    expect(scan.json.refreshError ?? null).toBeNull();
    expect(scan.json).toMatchObject({ ruleSet: "full", worst: "info", counts: { critical: 0, high: 0, medium: 0, low: 0 } });
    const findings = scan.json.findings as { ruleId: string; severity: string; target: { name: string }; evidence: string }[];
    // write_file, edit_file and move_file carry destructiveHint; the scanner reads it.
    expect(findings.filter((f) => f.ruleId === "dangerous-capabilities").map((f) => f.evidence).sort()).toEqual([
      "edit_file: may destroy data (the server marks it destructive)",
      "move_file: may destroy data (the server marks it destructive)",
      "write_file: may destroy data (the server marks it destructive)",
    ]);
    // Its input schemas leave strings unbounded and properties open: advice for the maintainer.
    expect(new Set(findings.filter((f) => f.ruleId !== "dangerous-capabilities").map((f) => f.ruleId))).toEqual(new Set(["schema-hygiene"]));
  });

  it("is served through a gateway: a client lists its read tools under the prefix and reads the workbench's file from the same process", async () => {
    const gateway = await createGateway(owner, { name: "Files", servers: [{ serverId: id, prefix: "fs", tools: { allow: ["read_text_file", "list_allowed_directories"] } }] });
    const client = await connectClient(stdio.endpoint.url(gateway.slug), await gatewayToken(owner));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["fs__list_allowed_directories", "fs__read_text_file"]);
      const allowed = (await client.callTool({ name: "fs__list_allowed_directories", arguments: {} })) as ToolResult;
      expect(text(allowed)).toBe("Allowed directories:\n/sandbox");
      const read = (await client.callTool({ name: "fs__read_text_file", arguments: { path: "/sandbox/notes.txt" } })) as ToolResult;
      expect(text(read)).toBe(NOTES);
      // The gateway leaves the write tools out.
      await expect(client.callTool({ name: "fs__write_file", arguments: { path: "/sandbox/x", content: "x" } })).rejects.toThrow(
        "Unknown tool: fs__write_file. This gateway serves no tool by that name.",
      );
    } finally {
      await client.close();
    }
  });

  it("widened by a client's roots to the whole file system, it still finds none of the host's files: the sandbox has none", async () => {
    // The server replaces its directories with the client's roots when told they changed (MCP roots).
    await tool("list_allowed_directories", {}, [{ uri: "file:///" }]);
    const until = Date.now() + 10_000;
    while (text(await tool("list_allowed_directories", {})) !== "Allowed directories:\n/" && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(text(await tool("list_allowed_directories", {}))).toBe("Allowed directories:\n/");

    // Its own check now lets every path through; what answers is the sandbox's file system.
    const passwd = await tool("read_text_file", { path: "/etc/passwd" });
    expect(passwd).toMatchObject({ isError: true });
    expect(text(passwd)).toBe("ENOENT: no such file or directory, open '/etc/passwd'");
    expect(text(await tool("list_directory", { path: "/root" }))).toBe("ENOENT: no such file or directory, scandir '/root'");
    // Not there (a checkout under /tmp is looked for in /sandbox: /tmp is a link to it inside).
    expect(text(await tool("read_text_file", { path: CONSOLE_FILE }))).toMatch(/^ENOENT: no such file or directory, open '.*\/package\.json'$/);
    expect(text(await tool("list_directory", { path: "/etc" }))).toBe("[DIR] ssl");
    const top = text(await tool("list_directory", { path: "/" }));
    expect(top).toContain("[DIR] sandbox");
    expect(top).toContain("[DIR] usr");
    // The checkout's top folder is not there either, unless it is /tmp, which is the link to the private folder.
    const checkoutTop = process.cwd().split("/")[1];
    for (const absent of ["root", "home", "var", ...(checkoutTop === "tmp" ? [] : [checkoutTop])]) expect(top).not.toMatch(new RegExp(`\\] ${absent}$`, "m"));
    // Nothing but its folder can be written: not even its own installed code.
    expect(text(await tool("write_file", { path: `/package/node_modules/${FILESYSTEM.name}/index.js`, content: "planted" }))).toMatch(/^EROFS: read-only file system/);
    expect(text(await tool("read_text_file", { path: "/sandbox/notes.txt" }))).toBe(NOTES);
  });
});
