import { BUNDLED, BUNDLES, startLocalRegistry } from "../support/npm-registry";
import { startMailbox } from "./mailbox";

/**
 * What the whole run shares, started once before the first worker: the mail receiver, and the npm
 * registry the server installs packages and asks versions from (one package bundling
 * server-everything, in two versions for the upgrade of a server, on the port playwright.config.ts
 * gave the server). Returns their teardown.
 */
export default async function globalSetup() {
  const mailbox = await startMailbox();
  const registry = await startLocalRegistry({ port: Number(process.env.E2E_NPM_REGISTRY_PORT), bundles: [BUNDLED, BUNDLES.everythingNext] });
  return async () => {
    await Promise.all([mailbox.stop(), registry.stop()]);
  };
}
