import { storedSecretWarnings } from "@/lib/crypto/key-check";
import { database } from "@/lib/db";
import { configurationWarnings, env } from "@/lib/env";
import { checkHealth } from "@/lib/health";
import { json, route } from "@/lib/route/handler";
import { ownServerWarnings } from "@/lib/http/own-server";
import { z } from "zod";

const healthResponse = z.object({
  status: z.literal("ok"),
  database: z.object({ reachable: z.literal(true), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  warnings: z.array(z.string()).optional().describe("Administrators only: a configuration that runs but should not."),
});

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "optional", doc: { summary: "Whether the service and its database are up (warnings for administrators)", response: healthResponse } },
  async ({ user, log }) => {
    const health = await checkHealth(database);
    if (health.status !== "ok") {
      // Why the database cannot be reached names hosts and addresses: the operator's log has it, a visitor does not.
      log.error("database unreachable", { reason: health.database.message });
      return json({ error: "unavailable", message: "The database is unreachable.", status: health.status, database: { reachable: false } }, 503, {
        "Retry-After": "5",
      });
    }
    // What runs but should not (the log has had it since start) is told to administrators only.
    const warnings = user?.role === "admin" ? [...configurationWarnings(env()), ...ownServerWarnings(env()), ...storedSecretWarnings()] : [];
    return warnings.length ? { ...health, warnings } : health;
  },
);
