import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { bearerCredential } from "../http/bearer";
import { env } from "../env";
import { notFound, unauthenticated } from "../http/errors";
import { metricsRegistry } from "./registry";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Only a scraper holding METRICS_TOKEN may read the metrics: they name the
 * routes and the load of the service. Without the variable the endpoint does
 * not exist (404), so that a deployment never exposes them by accident.
 */
export function assertScraper(authorization: string | null) {
  const token = env().metricsToken;
  if (!token) throw notFound();
  const given = bearerCredential(authorization) ?? "";
  // Digests have one length, so the comparison takes the same time whatever was sent.
  if (!timingSafeEqual(digest(given), digest(token))) throw unauthenticated("A valid metrics token is required.");
}

/** The registry in Prometheus's text format. */
export async function scrape(): Promise<Response> {
  return new Response(await metricsRegistry.metrics(), {
    headers: { "content-type": metricsRegistry.contentType },
  });
}
