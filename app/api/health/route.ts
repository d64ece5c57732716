import { database } from "@/lib/db";
import { checkHealth } from "@/lib/health";
import { json, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "none" }, async () => {
  const health = await checkHealth(database);
  if (health.status === "ok") return health;
  return json(
    { error: "unavailable", message: "The database is unreachable.", ...health },
    503,
    { "Retry-After": "5" },
  );
});
