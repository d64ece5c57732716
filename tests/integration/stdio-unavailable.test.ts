import { McpFailure } from "@/lib/mcp/errors";
import { discover } from "@/lib/upstream/inventory";

/**
 * Where the sandbox cannot run, a stdio server is refused with what to do about it, and never run
 * unsandboxed. The console's PATH without bubblewrap stands for a host without it: the sandbox's
 * support is checked once per process, here on the first connection.
 */

it("refuses a stdio server with the sandbox's advice when bubblewrap is missing", async () => {
  const saved = process.env.PATH;
  process.env.PATH = "/nonexistent";
  try {
    const failure = await discover({
      transport: "stdio",
      url: "npm:@modelcontextprotocol/server-everything",
      headers: {},
      command: { packageDir: process.cwd(), bin: "@modelcontextprotocol/server-everything/dist/index.js", args: ["stdio"], env: {} },
    }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(McpFailure);
    expect((failure as McpFailure).message).toBe(
      "Stdio servers need a sandbox and bubblewrap (bwrap) is not installed. Install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap).",
    );
  } finally {
    process.env.PATH = saved;
  }
});
