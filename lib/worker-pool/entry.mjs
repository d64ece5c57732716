// The worker threads' entry: loads the project's TypeScript task table
// (lib/worker-tasks.ts) through jiti, as scripts/reencrypt.mjs loads
// the service's modules, so that the same source runs here as on the
// request thread, under `npm start`, `next dev` and Jest alike.
import { createRequire } from "node:module";
import path from "node:path";
import { createJiti } from "jiti";

const root = path.resolve(new URL("../..", import.meta.url).pathname);
// A worker is server code: "server-only" resolves as it does under the react-server condition.
const serverOnly = path.join(path.dirname(createRequire(import.meta.url).resolve("server-only")), "empty.js");
const jiti = createJiti(import.meta.url, { alias: { "@": root, "server-only": serverOnly } });
const tasks = await jiti.import(path.join(root, "lib/worker-tasks.ts"));

/** Piscina calls this with each task: `{ task, input }`. */
export default function run({ task, input }) {
  const handler = tasks.TASKS[task];
  if (!handler) throw new Error(`unknown worker task: ${task}`);
  return handler(input);
}
