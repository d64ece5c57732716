import { storedSecretWarnings } from "@/lib/crypto/key-check";
import { database } from "@/lib/db";
import { configurationWarnings, env } from "@/lib/env";
import { checkHealth } from "@/lib/health";
import { json, route } from "@/lib/route/handler";
import { z } from "zod";

const healthResponse = z.object({
  status: z.literal("ok"),
  database: z
    .object({ reachable: z.literal(true), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() })
    .optional()
    .describe("Administrators only: which database answered, and its round trip."),
  warnings: z.array(z.string()).optional().describe("Administrators only: a configuration that runs but should not."),
});

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "optional", doc: { summary: "Whether the service is up (its database and warnings for administrators)", response: healthResponse } },
  async ({ user, log }) => {
    const health = await checkHealth(database);
    // Anyone may ask whether the service is up; how it runs (the database's kind and speed, what to fix) is the operator's.
    if (health.status !== "ok") {
      // Why the database cannot be reached names hosts and addresses: the operator's log has it, no answer does.
      log.error("database unreachable", { reason: health.database.message });
      return json({ error: "unavailable", message: "The service is unavailable. Try again shortly.", status: health.status }, 503, { "Retry-After": "5" });
    }
    if (user?.role !== "admin") return { status: health.status };
    // What runs but should not (the log has had it since start).
    const warnings = [...configurationWarnings(env()), ...storedSecretWarnings()];
    return warnings.length ? { ...health, warnings } : health;
  },
);
