/** @jest-environment node */
import { emptyValues, validateConnection, validateCreate, type ServerFormValues } from "@/components/servers/server-form-model";
import { egressError, envRowErrors, newEnvRow, splitTypedPackage, validateStdio, type StdioFormValues } from "@/components/servers/stdio-form-model";
import { readImportFile } from "@/lib/servers/mcp-config";

const stdio = (patch: Partial<StdioFormValues> = {}): StdioFormValues => ({
  identifier: "@modelcontextprotocol/server-everything",
  version: "2026.8.31",
  args: "stdio\n\n--verbose mode\n",
  env: [newEnvRow("API_KEY", "k-1")],
  egress: "",
  ...patch,
});

const form = (patch: Partial<StdioFormValues> = {}): ServerFormValues => ({ ...emptyValues(900), name: "Everything", transport: "stdio", stdio: stdio(patch) });

describe("the add-server form's Command (stdio) fields", () => {
  it("sends the package, one argument a line (blank lines dropped, spaces kept) and the variables", () => {
    expect(validateCreate(form())).toEqual({
      ok: true,
      payload: expect.objectContaining({
        name: "Everything",
        transport: "stdio",
        package: { registryType: "npm", identifier: "@modelcontextprotocol/server-everything", version: "2026.8.31" },
        args: ["stdio", "--verbose mode"],
        env: { API_KEY: "k-1" },
        monitoring: { enabled: true, intervalSec: 900 },
      }),
    });
    expect(validateConnection(form())).toEqual({
      ok: true,
      payload: { transport: "stdio", package: { registryType: "npm", identifier: "@modelcontextprotocol/server-everything", version: "2026.8.31" }, args: ["stdio", "--verbose mode"], env: { API_KEY: "k-1" }, egress: [] },
    });
  });

  it("sends the hosts it may reach, one a line, with their ports, and says which line is not a host", () => {
    const result = validateStdio(stdio({ egress: "api.example.com\n\n  data.example.org:8443 \n[2001:db8::1]:443\n2001:db8::2\n" }));
    expect(result.ok && result.payload.egress).toEqual([
      { host: "api.example.com" },
      { host: "data.example.org", port: 8443 },
      { host: "[2001:db8::1]", port: 443 },
      { host: "2001:db8::2" },
    ]);
    expect(validateStdio(stdio()).ok && (validateStdio(stdio()) as { payload: { egress: unknown } }).payload.egress).toEqual([]);
    const refused = validateStdio(stdio({ egress: "api.example.com\nhttps://api.example.com/v1\n*.example.com" }));
    expect(egressError(refused.ok ? {} : refused.errors)).toBe("Line 2: Enter a host name or an IP address, without a scheme, port or path (e.g. api.example.com).");
    const badPort = validateStdio(stdio({ egress: "api.example.com:99999" }));
    expect(egressError(badPort.ok ? {} : badPort.errors)).toBe("Line 1: A port is a whole number from 1 to 65535.");
  });

  it("says what is wrong next to each field: the name, an exact version, each variable's row", () => {
    const rows = [newEnvRow("API_KEY", "a"), newEnvRow("API_KEY", "b"), newEnvRow("", "c"), newEnvRow("PATH", "/evil")];
    const result = validateStdio(stdio({ identifier: "Not A Package", version: "^1.0.0", env: rows }));
    expect(result.ok).toBe(false);
    const errors = result.ok ? {} : result.errors;
    expect(errors["package.identifier"]).toBe("Enter an npm package name (lower case, optionally @scope/name).");
    expect(errors["package.version"]).toBe("Give an exact version (e.g. 1.2.3): what was installed is what runs, so no ranges or tags.");
    expect(envRowErrors(rows, errors)).toEqual([
      { name: undefined, value: undefined },
      { name: "This variable is already listed.", value: undefined },
      { name: "Enter a variable name, or remove this row.", value: undefined },
      { name: "PATH, HOME and TMPDIR are set by the sandbox.", value: undefined },
    ]);
    // The whole form keeps the stdio fields' errors beside its own.
    const whole = validateCreate({ ...form({ version: "" }), name: "" });
    expect(whole.ok ? {} : whole.errors).toMatchObject({ name: "Enter a name.", "package.version": expect.stringMatching(/^Give an exact version/) });
  });

  it("splits a package typed with its version into the two fields", () => {
    expect(splitTypedPackage(stdio({ identifier: " @scope/server@1.2.3 ", version: "" }))).toMatchObject({ identifier: "@scope/server", version: "1.2.3" });
    expect(splitTypedPackage(stdio({ identifier: "@scope/server", version: "1.0.0" }))).toMatchObject({ identifier: "@scope/server", version: "1.0.0" });
  });
});

describe("mcpServers command entries", () => {
  it("reads npx of a pinned package as a stdio server, whatever npx's flags and path, and skips the rest with the reason", () => {
    const file = readImportFile(
      JSON.stringify({
        mcpServers: {
          pinned: { command: "C:\\Program Files\\nodejs\\npx.cmd", args: ["--yes", "@scope/server@1.2.3", "--root", "/data"], env: { TOKEN: "t" } },
          option: { command: "npx", args: ["-p", "@scope/server@1.2.3", "server"] },
          nothing: { command: "npx", args: ["-y"] },
          deno: { command: "deno", args: ["run", "server.ts"] },
        },
      }),
    );
    expect(file).toEqual({
      format: "mcpServers",
      entries: [
        {
          name: "pinned",
          ok: true,
          input: expect.objectContaining({ transport: "stdio", package: { registryType: "npm", identifier: "@scope/server", version: "1.2.3" }, args: ["--root", "/data"], env: { TOKEN: "t" } }),
        },
        { name: "option", ok: false, kind: "unsupported", reason: "npx's option -p is not supported: write the package first, e.g. npx -y <package>@<version>." },
        { name: "nothing", ok: false, kind: "invalid", reason: "npx is given no package to run." },
        { name: "deno", ok: false, kind: "unsupported", reason: "It runs a Deno program: the console runs only npm packages (npx) in its sandbox for now." },
      ],
    });
  });

  it("reads npx of a package without an exact version as what it asks for, and again as a server once pinned to a version", () => {
    const file = readImportFile(
      JSON.stringify({ mcpServers: { newest: { command: "npx", args: ["-y", "@scope/server", "--root", "/data"] }, caret: { command: "npx", args: ["@scope/server@^1.2"] } } }),
    );
    const entries = file.format === "mcpServers" ? file.entries : [];
    expect(entries).toEqual([
      expect.objectContaining({ name: "newest", ok: false, kind: "unpinned", wants: { identifier: "@scope/server", range: "" } }),
      expect.objectContaining({ name: "caret", ok: false, kind: "unpinned", reason: expect.stringMatching(/^"\^1\.2" is not an exact version/), wants: { identifier: "@scope/server", range: "^1.2" } }),
    ]);
    const [newest] = entries;
    expect(!newest.ok && newest.pin?.("1.4.0")).toEqual({
      name: "newest",
      ok: true,
      input: expect.objectContaining({ package: { registryType: "npm", identifier: "@scope/server", version: "1.4.0" }, args: ["--root", "/data"] }),
    });
  });
});
