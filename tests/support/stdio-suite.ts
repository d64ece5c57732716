import type { PlanId } from "@/lib/plans/table";
import { workbenchPool } from "@/lib/upstream/pool";
import { serveGateways, type Endpoint } from "./gateway";
import { startLocalRegistry, type Bundle, type LocalRegistry } from "./npm-registry";
import { cgroupsLeftAfter } from "./sandbox";
import { signedIn, type Session } from "./sign-in";

/**
 * What the stdio suites share: packages installed from the local registry, a gateway endpoint, a
 * signed-in owner, and the check that no sandbox outlives the file.
 */

export interface StdioSuite {
  registry: LocalRegistry;
  /** The gateways' endpoint; only with `gateway: true`. */
  endpoint: Endpoint;
}

/**
 * Call at the top of a file. Before its tests: the local registry serving `bundles` (server-everything
 * by default) becomes the console's (npm_config_registry), and with `gateway` the gateways'
 * endpoint listens on a loopback port. After them: the workbench's processes are closed and no
 * sandbox's cgroup may be left (one goes a moment after its last process). The fields are set
 * once the first hook has run.
 */
export function stdioSuite({ bundles, gateway = false }: { bundles?: Bundle[]; gateway?: boolean } = {}): StdioSuite {
  const suite = {} as StdioSuite;
  beforeAll(async () => {
    const [registry, endpoint] = await Promise.all([startLocalRegistry({ bundles }), gateway ? serveGateways() : undefined]);
    Object.assign(suite, { registry, endpoint });
    process.env.npm_config_registry = registry.url;
  }, 120_000);
  afterAll(async () => {
    // The workbench keeps its connection (so its sandbox) open between calls.
    await workbenchPool().closeAll();
    delete process.env.npm_config_registry;
    await Promise.all([suite.registry?.stop(), suite.endpoint?.stop()]);
    expect(await cgroupsLeftAfter()).toEqual([]);
  }, 30_000);
  return suite;
}

/**
 * A new user on `plan`, signed in before the tests of the enclosing `describe`: call it inside
 * describeEachDatabase, whose database holds the user. Its fields are set once the hook has run.
 */
export function ownerSignedIn(plan: PlanId = "pro"): Session {
  const owner = {} as Session;
  beforeAll(async () => {
    Object.assign(owner, await signedIn(plan));
  });
  return owner;
}
