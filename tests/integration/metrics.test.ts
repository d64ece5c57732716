import { GET as healthGET } from "@/app/api/health/route";
import { GET as metricsGET } from "@/app/api/metrics/route";
import { env } from "@/lib/env";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";

const TOKEN = "metrics-token-5b0c8e2f7a41d9";

/** The value of one sample line of the exposition, 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.split(" ").pop()) : 0;
}

describeEachDatabase("GET /api/metrics", () => {
  beforeEach(() => {
    env().metricsToken = TOKEN;
  });

  it("does not exist without METRICS_TOKEN", async () => {
    env().metricsToken = undefined;
    const res = await call(metricsGET, "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it("refuses a scraper without the token or with another one", async () => {
    expect((await call(metricsGET, "/api/metrics")).status).toBe(401);
    const wrong = await call(metricsGET, "/api/metrics", { headers: { authorization: "Bearer not-the-metrics-token" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ error: "unauthenticated" });
    expect(wrong.text).not.toContain("mcp_console_");
  });

  it("counts a request by route and status, and shows process and database metrics", async () => {
    const scrape = async () => (await call(metricsGET, "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text;
    const labels = 'method="GET",route="/api/health",status="200"';
    const before = await scrape();
    expect((await call(healthGET, "/api/health")).status).toBe(200);
    const after = await scrape();
    expect(sample(after, "mcp_console_http_requests_total", labels)).toBe(sample(before, "mcp_console_http_requests_total", labels) + 1);
    expect(sample(after, "mcp_console_http_request_duration_seconds_count", labels)).toBeGreaterThan(0);
    for (const name of [
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "mcp_console_db_query_duration_seconds_count",
      "mcp_console_workbench_connections",
    ]) {
      expect(after).toContain(name);
    }
  });
});
