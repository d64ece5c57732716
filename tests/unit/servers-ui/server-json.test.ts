import { readImportFile } from "@/lib/servers/mcp-config";
import { InputValueError, resolveOption, type ServerJsonOption } from "@/lib/servers/server-json";

/** The options of a server.json, as the import reads them. */
function optionsOf(doc: Record<string, unknown>): ServerJsonOption[] {
  const file = readImportFile(JSON.stringify({ $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", description: "d", version: "1.0.0", ...doc }));
  if (file.format !== "server.json") throw new Error(`read as ${file.format}`);
  return file.options;
}

// The Registry's own example of a remote (docs/reference/server-json/examples/valid/with-remote.json): a URL variable with a default, a secret header.
const remoteWeather = {
  name: "io.github.user/remote-weather",
  title: "Remote Weather",
  remotes: [
    {
      type: "streamable-http",
      url: "https://{host}/mcp",
      headers: [{ name: "Authorization", isSecret: true, isRequired: true }],
      variables: { host: { description: "API host", default: "api.example.com" } },
    },
  ],
};

describe("server.json of the MCP Registry", () => {
  it("reads a remote's URL variables and headers as the values to ask for, named by the title", () => {
    const [remote] = optionsOf(remoteWeather);
    expect(remote).toMatchObject({ key: "remote:0", name: "Remote Weather", transport: "streamable-http", url: "https://{host}/mcp", headerNames: ["Authorization"] });
    expect(remote.problem).toBeUndefined();
    expect(remote.inputs).toEqual([
      { id: "url:host", label: "URL: host", description: "API host", required: true, secret: false, default: "api.example.com" },
      { id: "header:Authorization", label: "Header Authorization", required: true, secret: true },
    ]);
  });

  it("creates the remote with the URL filled (the default where nothing is typed) and the header typed", () => {
    const [remote] = optionsOf(remoteWeather);
    expect(resolveOption(remote, { "header:Authorization": "Bearer t0k" })).toEqual({
      ok: true,
      input: expect.objectContaining({ name: "Remote Weather", transport: "streamable-http", url: "https://api.example.com/mcp", headers: [{ name: "Authorization", value: "Bearer t0k" }] }),
    });
    expect(resolveOption(remote, { "url:host": "eu.example.com", "header:Authorization": "x" })).toMatchObject({ ok: true, input: { url: "https://eu.example.com/mcp" } });
  });

  it("refuses a required value left empty, naming the input", () => {
    const [remote] = optionsOf(remoteWeather);
    expect(() => resolveOption(remote, {})).toThrow(InputValueError);
    expect(() => resolveOption(remote, { "header:Authorization": "  " })).toThrow("Enter Header Authorization.");
  });

  it("asks only for the variables of a fixed header value, and fills them in", () => {
    const [remote] = optionsOf({
      name: "io.example/api",
      remotes: [
        {
          type: "sse",
          url: "https://mcp.example.com/sse",
          headers: [{ name: "Authorization", value: "Bearer {api_key}", variables: { api_key: { isSecret: true, description: "Your key" } } }, { name: "X-Plan", value: "pro" }],
        },
      ],
    });
    expect(remote.transport).toBe("sse");
    expect(remote.inputs).toEqual([{ id: "header:Authorization:api_key", label: "Header Authorization: api_key", description: "Your key", required: true, secret: true }]);
    expect(resolveOption(remote, { "header:Authorization:api_key": "k1" })).toMatchObject({
      ok: true,
      input: {
        headers: [
          { name: "Authorization", value: "Bearer k1" },
          { name: "X-Plan", value: "pro" },
        ],
      },
    });
  });

  it("reads an npm package as a stdio server: its variables and arguments asked for, named arguments as --flag=value", () => {
    const [pkg] = optionsOf({
      name: "io.github.example/files",
      packages: [
        {
          registryType: "npm",
          identifier: "@example/files-mcp",
          version: "1.0.2",
          transport: { type: "stdio" },
          runtimeHint: "npx",
          runtimeArguments: [{ type: "named", name: "--yes" }],
          packageArguments: [
            { type: "positional", valueHint: "root", description: "The folder to serve", isRequired: true },
            { type: "named", name: "--mode", choices: ["read", "write"], default: "read" },
          ],
          environmentVariables: [
            { name: "FILES_TOKEN", isSecret: true, isRequired: true },
            { name: "LOG_LEVEL", default: "info" },
          ],
        },
      ],
    });
    expect(pkg).toMatchObject({ key: "package:0", name: "files", transport: "stdio", url: "npm:@example/files-mcp@1.0.2", envNames: ["FILES_TOKEN", "LOG_LEVEL"] });
    expect(pkg.inputs.map((i) => i.id)).toEqual(["arg:0", "arg:1", "env:FILES_TOKEN", "env:LOG_LEVEL"]);
    expect(() => resolveOption(pkg, { "arg:0": "/sandbox", "env:FILES_TOKEN": "s", "arg:1": "delete" })).toThrow("Argument --mode is one of: read, write.");
    expect(resolveOption(pkg, { "arg:0": "/sandbox", "env:FILES_TOKEN": "s" })).toEqual({
      ok: true,
      input: expect.objectContaining({
        transport: "stdio",
        package: { registryType: "npm", identifier: "@example/files-mcp", version: "1.0.2" },
        // The runtime's own flags (npx --yes) are not the server's: the console runs the package's program itself.
        args: ["/sandbox", "--mode=read"],
        env: { FILES_TOKEN: "s", LOG_LEVEL: "info" },
      }),
    });
  });

  it("lists what it cannot run with the reason: other registries, a package on a port of its own, a version that is not exact", () => {
    const options = optionsOf({
      name: "io.github.example/many",
      packages: [
        { registryType: "pypi", identifier: "many-mcp", version: "1.0.0", transport: { type: "stdio" } },
        { registryType: "npm", identifier: "many-mcp", version: "1.0.0", transport: { type: "streamable-http", url: "http://127.0.0.1:{port}/mcp" } },
        { registryType: "npm", identifier: "many-mcp", version: "^1.0.0", transport: { type: "stdio" } },
      ],
    });
    expect(options.map((o) => o.problem)).toEqual([
      { kind: "unsupported", reason: "A pypi package: the console runs only npm packages in its sandbox for now." },
      { kind: "unsupported", reason: "The package serves streamable-http on a port of its own: the console runs packages over stdio only." },
      { kind: "unpinned", reason: '"^1.0.0" is not an exact version: the console installs one exact version.' },
    ]);
    expect(resolveOption(options[0], {})).toEqual({ ok: false, problem: options[0].problem });
  });

  it("puts remotes first and tells a server.json with nothing to run", () => {
    const options = optionsOf({
      name: "io.example/both",
      packages: [{ registryType: "npm", identifier: "both", version: "2.0.0", transport: { type: "stdio" } }],
      remotes: [{ type: "streamable-http", url: "https://both.example.com/mcp" }],
    });
    expect(options.map((o) => o.key)).toEqual(["remote:0", "package:0"]);
    expect(() => optionsOf({ name: "io.example/none", packages: [] })).toThrow("This server.json lists no remotes and no packages.");
  });

  it("is told apart from an mcpServers file", () => {
    expect(readImportFile(JSON.stringify({ mcpServers: { a: { url: "https://a.example.com/mcp" } } })).format).toBe("mcpServers");
    expect(() => readImportFile(JSON.stringify({ name: "x" }))).toThrow('No "mcpServers" (or VS Code "servers") object in this file, and it is not a server.json of the MCP Registry.');
  });
});
