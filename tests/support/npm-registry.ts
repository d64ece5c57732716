/** The registry of one package that the stdio tests install from (scripts/lib/npm-registry.mjs, which the benchmark serves too). */
export { BUNDLED, startLocalRegistry, type LocalRegistry } from "../../scripts/lib/npm-registry.mjs";
