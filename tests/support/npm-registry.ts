/** The registry of bundled MCP servers that the stdio tests install from (scripts/lib/npm-registry.mjs, which the benchmark serves too). */
export { BUNDLED, BUNDLES, startLocalRegistry, type Bundle, type LocalRegistry } from "../../scripts/lib/npm-registry.mjs";
