#!/usr/bin/env node
/**
 * Records the definitions of a real MCP server from npm as a scanner corpus
 * fixture (tests/fixtures/scanner/benign/): starts the installed package over
 * stdio with placeholder credentials, lists its tools, prompts, resources and
 * templates with the SDK client, and writes them with the package's name and
 * version.
 *
 *   npm install --ignore-scripts --prefix <scratch> <package>
 *   DUMMY=NAME=value,OTHER=value node scripts/record-mcp-server.mjs <scratch> <package> <out-dir> [server args…]
 *
 * Install packages in a scratch folder outside the repository: their code is
 * run, and nothing of theirs belongs in the project but the recorded texts.
 */
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [scratch, pkg, outDir, ...args] = process.argv.slice(2);
if (!scratch || !pkg || !outDir) {
  console.error("usage: record-mcp-server.mjs <scratch-dir> <package> <out-dir> [server args…]");
  process.exit(1);
}

const home = path.resolve(scratch, "node_modules", pkg);
const manifest = JSON.parse(fs.readFileSync(path.join(home, "package.json"), "utf8"));
const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[pkg.split("/").pop()] ?? Object.values(manifest.bin ?? {})[0] ?? manifest.main ?? "index.js";

// Placeholder credentials: enough for most servers to start and list, never real ones.
const env = { PATH: process.env.PATH, HOME: path.resolve(scratch), NODE_ENV: "production", API_KEY: "placeholder", TOKEN: "placeholder" };
for (const pair of (process.env.DUMMY ?? "").split(",").filter(Boolean)) {
  const [name, value] = pair.split("=");
  env[name] = value ?? "placeholder";
}

const client = new Client({ name: "corpus-recorder", version: "1.0.0" });
const timer = setTimeout(() => {
  console.error(`${pkg}: no answer in 45 s`);
  process.exit(2);
}, 45_000);
await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(home, bin), ...args], env, cwd: path.resolve(scratch), stderr: "pipe" }));

const capabilities = client.getServerCapabilities() ?? {};
async function all(list, key) {
  const items = [];
  let cursor;
  do {
    const page = await list({ cursor });
    items.push(...page[key]);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
const tools = capabilities.tools ? await all((p) => client.listTools(p), "tools") : [];
const prompts = capabilities.prompts ? await all((p) => client.listPrompts(p), "prompts") : [];
const resources = capabilities.resources ? await all((p) => client.listResources(p), "resources").catch(() => []) : [];
const resourceTemplates = capabilities.resources ? await all((p) => client.listResourceTemplates(p), "resourceTemplates").catch(() => []) : [];
const info = client.getServerVersion();

const fixture = {
  package: pkg,
  version: manifest.version,
  listedWith: "npm install, started over stdio and listed with the MCP TypeScript SDK (Client + StdioClientTransport); placeholder credentials in the environment",
  serverInfo: info ? { name: info.name, version: info.version, ...(info.title ? { title: info.title } : {}) } : null,
  instructions: client.getInstructions() ?? null,
  tools,
  prompts,
  resources,
  resourceTemplates,
};
const file = path.join(outDir, `${pkg.replace(/^@/, "").replace(/\//g, "__")}.json`);
fs.writeFileSync(file, `${JSON.stringify(fixture, null, 1)}\n`);
console.log(`${pkg}@${manifest.version}: ${tools.length} tools, ${prompts.length} prompts, ${resources.length} resources, ${resourceTemplates.length} templates → ${file}`);
clearTimeout(timer);
await client.close();
process.exit(0);
