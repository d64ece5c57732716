import { storedSecretWarnings } from "@/lib/crypto/key-check";
import { database } from "@/lib/db";
import { configurationWarnings, env } from "@/lib/env";
import { checkHealth } from "@/lib/health";
import { json, route } from "@/lib/route/handler";
import { z } from "zod";

const healthResponse = z.object({
  status: z.literal("ok"),
  database: z.object({ reachable: z.literal(true), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
});

export const dynamic = "force-dynamic";

export const GET = route({ auth: "none", doc: { summary: "Whether the service and its database are up", response: healthResponse } }, async () => {
  const health = await checkHealth(database);
  // An operator's monitoring sees a configuration that runs but should not.
  const warnings = [...configurationWarnings(env()), ...storedSecretWarnings()];
  if (health.status === "ok") return warnings.length ? { ...health, warnings } : health;
  return json(
    { error: "unavailable", message: "The database is unreachable.", ...health },
    503,
    { "Retry-After": "5" },
  );
});
