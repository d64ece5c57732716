import { route } from "@/lib/route/handler";
import { assertScraper, scrape } from "@/lib/metrics/scrape";
import { watchWorkbenchPool } from "@/lib/upstream/pool-metrics";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    auth: "none",
    doc: {
      summary: "Prometheus metrics of this instance",
      description:
        "Request counts and durations by route and status, database query latency, workbench connections, health checks by result, scheduling lag, process memory and event-loop lag. Answers 404 when METRICS_TOKEN is not set.",
      contentType: "text/plain",
      security: "metrics",
    },
  },
  async ({ req }) => {
    assertScraper(req.headers.get("authorization"));
    watchWorkbenchPool();
    return scrape();
  },
);
