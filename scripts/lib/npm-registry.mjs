import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/**
 * An npm registry of one package, on 127.0.0.1, so that installing a stdio server needs no
 * internet: `mcp-bundled-everything`, which runs server-everything in its stdio mode, with
 * server-everything and its dependencies (copied from the project's node_modules) bundled in its
 * tarball (`bundleDependencies`), so npm fetches nothing else. The tests and the benchmark serve
 * it; run from the project's folder.
 */

export const BUNDLED = { name: "mcp-bundled-everything", version: "1.0.0" };
export const EVERYTHING = "@modelcontextprotocol/server-everything";

/** The package's dependency closure in the project's (hoisted) node_modules. */
function closureOf(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  const manifest = JSON.parse(fs.readFileSync(path.join("node_modules", name, "package.json"), "utf8"));
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
    if (fs.existsSync(path.join("node_modules", dep, "package.json"))) closureOf(dep, seen);
  }
  return seen;
}

/** Builds the tarball (npm pack) in a folder of its own; the caller removes it. */
function packBundled(dir) {
  const folder = path.join(dir, "package");
  const version = JSON.parse(fs.readFileSync(path.join("node_modules", EVERYTHING, "package.json"), "utf8")).version;
  for (const name of closureOf(EVERYTHING)) fs.cpSync(path.join("node_modules", name), path.join(folder, "node_modules", name), { recursive: true });
  const manifest = { ...BUNDLED, bin: { [BUNDLED.name]: "index.js" }, dependencies: { [EVERYTHING]: version }, bundleDependencies: [EVERYTHING] };
  fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify(manifest));
  fs.writeFileSync(path.join(folder, "index.js"), `import(${JSON.stringify(`${EVERYTHING}/dist/index.js`)});\n`);
  const file = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: folder, encoding: "utf8" }).trim();
  return { tarball: fs.readFileSync(path.join(dir, file)), manifest };
}

/** `port`: a fixed one, for a console started before the registry (the end-to-end tests' server); any free one by default. */
export async function startLocalRegistry(port = 0) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-npm-registry-"));
  const { tarball, manifest } = packBundled(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  const integrity = `sha512-${crypto.createHash("sha512").update(tarball).digest("base64")}`;
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    const base = `http://127.0.0.1:${server.address().port}`;
    if (req.url === `/${BUNDLED.name}`) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ name: BUNDLED.name, "dist-tags": { latest: BUNDLED.version }, versions: { [BUNDLED.version]: { ...manifest, dist: { tarball: `${base}/tarball.tgz`, integrity } } } }));
    } else if (req.url === "/tarball.tgz") {
      res.end(tarball);
    } else {
      res.statusCode = 404;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ error: "Not found" }));
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    integrity,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
