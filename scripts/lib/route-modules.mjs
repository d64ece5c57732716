// app/api/route-modules.ts, the table the OpenAPI document and /docs/api are
// built from, is written from the route files under app/api: adding a route
// is writing its file. next.config.mjs calls this, so every `next` command
// (dev, build, typegen, and Jest through next/jest) brings the table up to
// date before anything reads it; the file is committed so that a clone type-
// checks before any of them has run.
import fs from "node:fs";
import path from "node:path";

const HEADER = `// Written by scripts/lib/route-modules.mjs from the route files under app/api
// whenever a \`next\` command runs (dev, build, typegen, the tests): do not edit.
import type { RouteModule } from "@/lib/openapi/document";

/** Every API route, by its path in the reference (\`{id}\` for a segment), with its module. */
export const apiRoutes: Record<string, () => Promise<RouteModule>> = {
`;

/** The route folders under app/api, as paths of the app (`api/servers/[id]`). */
function routeFolders(dir, rel) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeFolders(path.join(dir, entry.name), `${rel}/${entry.name}`);
    return entry.name === "route.ts" ? [rel] : [];
  });
}

/** The table's source for the app at `root`. */
export function routeModulesSource(root) {
  const folders = routeFolders(path.join(root, "app/api"), "api").sort();
  // A dynamic segment's folder is `[name]`; the reference writes it `{name}`.
  const reference = (folder) => folder.split("/").map((part) => (part.startsWith("[") && part.endsWith("]") ? `{${part.slice(1, -1)}}` : part)).join("/");
  const lines = folders.map((folder) => `  "/${reference(folder)}": () => import("@/app/${folder}/route"),`);
  return `${HEADER}${lines.join("\n")}\n};\n`;
}

/** Writes the table when it differs from what the route files say (a write would restart a dev server's watcher). */
export function writeRouteModules(root) {
  const file = path.join(root, "app/api/route-modules.ts");
  const source = routeModulesSource(root);
  let current = null;
  try {
    current = fs.readFileSync(file, "utf8");
  } catch {
    // Not there yet: written below.
  }
  if (current !== source) fs.writeFileSync(file, source);
}
