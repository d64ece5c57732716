import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/**
 * An npm registry on 127.0.0.1, so that installing a stdio server needs no internet. Each package
 * it serves runs one MCP server of the project's node_modules, with that server and its
 * dependencies (copied from the project's node_modules) bundled in its tarball
 * (`bundleDependencies`), so npm fetches the package document and the tarball and nothing else.
 * The tests and the benchmark serve it; run from the project's folder.
 *
 * The packages have names of their own, not the servers': the import tests rely on the registry
 * not knowing `@modelcontextprotocol/server-filesystem` (a 404, as for any unknown package).
 */

export const BUNDLES = {
  /** server-everything; its stdio mode takes the argument `stdio`. */
  everything: { name: "mcp-bundled-everything", version: "1.0.0", server: "@modelcontextprotocol/server-everything" },
  /** The official filesystem server; its arguments are the folders it may reach. */
  filesystem: { name: "mcp-bundled-filesystem", version: "1.0.0", server: "@modelcontextprotocol/server-filesystem" },
  /**
   * A second version of `everything` (served beside it, not the `latest` tag), which sets
   * MCP_BUNDLED_VERSION in its environment before it starts the server: server-everything's
   * get-env then shows, from inside the sandbox, that an upgrade runs the new version.
   */
  everythingNext: { name: "mcp-bundled-everything", version: "1.1.0", server: "@modelcontextprotocol/server-everything", marksVersion: true },
};
/** The package most tests install. */
export const BUNDLED = BUNDLES.everything;
export const EVERYTHING = BUNDLES.everything.server;

/** The folder `name` resolves to from the package in `from`, as Node resolves it (nested node_modules first). */
function resolveFrom(from, name) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === ".") return undefined;
  }
}

/** The folders of the package at `folder` and of everything it needs, in the project's node_modules. */
function closureOf(folder, seen = new Set()) {
  if (seen.has(folder)) return seen;
  seen.add(folder);
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8"));
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
    const found = resolveFrom(folder, dep);
    if (found) closureOf(found, seen);
  }
  return seen;
}

/**
 * The bundle's tarball (npm pack), made once per machine and kept in the temporary folder under a
 * name made of what it holds (each bundled package's manifest), like the tests' PGlite template:
 * packing takes seconds, and every suite that serves the registry would pay them. Made beside and
 * moved in whole, so that two suites starting together each find a complete one.
 */
function tarballOf(bundle) {
  const top = path.join("node_modules", bundle.server);
  const folders = [...closureOf(top)].sort();
  const server = JSON.parse(fs.readFileSync(path.join(top, "package.json"), "utf8"));
  const manifest = { name: bundle.name, version: bundle.version, bin: { [bundle.name]: "index.js" }, dependencies: { [bundle.server]: server.version }, bundleDependencies: [bundle.server] };
  // The server's own program (its one bin), run in this process, with the arguments given to the bundle.
  const program = typeof server.bin === "string" ? server.bin : Object.values(server.bin)[0];
  const marker = bundle.marksVersion ? `process.env.MCP_BUNDLED_VERSION = ${JSON.stringify(bundle.version)};\n` : "";
  const main = `${marker}import(${JSON.stringify(path.posix.join(bundle.server, program))});\n`;
  const hash = crypto.createHash("sha256").update(JSON.stringify(manifest)).update(main);
  for (const folder of folders) hash.update(folder).update(fs.readFileSync(path.join(folder, "package.json")));
  const cached = path.join(os.tmpdir(), `mcp-console-npm-${bundle.name}-${hash.digest("hex").slice(0, 16)}.tgz`);
  if (!fs.existsSync(cached)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-npm-registry-"));
    try {
      const root = path.join(dir, "package");
      // A nested folder (node_modules/a/node_modules/b) comes with the folder it is in.
      for (const folder of folders.filter((f) => !path.relative("node_modules", f).includes("node_modules"))) {
        fs.cpSync(folder, path.join(root, folder), { recursive: true });
      }
      fs.writeFileSync(path.join(root, "package.json"), JSON.stringify(manifest));
      fs.writeFileSync(path.join(root, "index.js"), main);
      const file = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: root, encoding: "utf8" }).trim();
      fs.renameSync(path.join(dir, file), cached);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return { tarball: fs.readFileSync(cached), manifest };
}

/**
 * `port`: a fixed one, for a console started before the registry (the end-to-end tests' server);
 * any free one by default. `bundles`: the packages it serves (of BUNDLES); any other is a 404. Two
 * versions of one package are one document; the first given is its `latest`.
 */
export async function startLocalRegistry({ port = 0, bundles = [BUNDLED] } = {}) {
  const versions = bundles.map((bundle) => {
    const { tarball, manifest } = tarballOf(bundle);
    const integrity = `sha512-${crypto.createHash("sha512").update(tarball).digest("base64")}`;
    return { tarball, manifest, integrity, path: `/${bundle.name}/-/${bundle.name}-${bundle.version}.tgz` };
  });
  // Each package's versions, its latest first.
  const served = new Map();
  for (const one of versions) served.set(one.manifest.name, [...(served.get(one.manifest.name) ?? []), one]);
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    const base = `http://127.0.0.1:${server.address().port}`;
    const asked = served.get((req.url ?? "").slice(1));
    const tarball = versions.find((one) => one.path === req.url);
    if (asked) {
      const documented = Object.fromEntries(asked.map(({ manifest, integrity, path: file }) => [manifest.version, { ...manifest, dist: { tarball: `${base}${file}`, integrity } }]));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ name: asked[0].manifest.name, "dist-tags": { latest: asked[0].manifest.version }, versions: documented }));
    } else if (tarball) {
      res.end(tarball.tarball);
    } else {
      res.statusCode = 404;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ error: "Not found" }));
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    // By name (its latest version's), and by name@version.
    integrity: Object.fromEntries([
      ...[...served].map(([name, [latest]]) => [name, latest.integrity]),
      ...versions.map((one) => [`${one.manifest.name}@${one.manifest.version}`, one.integrity]),
    ]),
    tarballPath: (name) => served.get(name)?.[0].path,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
