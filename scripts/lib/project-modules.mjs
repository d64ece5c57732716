import { createRequire } from "node:module";
import path from "node:path";
// jiti is a production dependency: `npm run reencrypt` runs where the service runs, often an install without dev dependencies.
import { createJiti } from "jiti";

const root = path.resolve(new URL("../..", import.meta.url).pathname);
// Scripts run the project's modules as the server does: "server-only" resolves as under the react-server condition, to the package's empty module.
const serverOnly = path.join(path.dirname(createRequire(import.meta.url).resolve("server-only")), "empty.js");
const jiti = createJiti(import.meta.url, { alias: { "@": root, "server-only": serverOnly } });

/** Imports one of the project's TypeScript modules, named by its path from the repository's root. */
export const loadProjectModule = (file) => jiti.import(path.join(root, file));
