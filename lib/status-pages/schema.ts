import { z } from "zod";
import type { UptimeBucket } from "../monitoring/schema";
import type { PublicMaintenance } from "../maintenance/schema";
import type { ServerStatus } from "../servers/schema";

/**
 * Public status pages: the owner's shapes (form and API share them) and the
 * page's public data, which carries nothing the owner did not choose to show.
 */

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { IncidentUpdateDto, IncidentUpdateList, StatusPageDto, StatusPageList } from "./responses";

export const SLUG_MIN = 3;
export const SLUG_MAX = 48;
/** Servers one page lists. */
export const MAX_PAGE_SERVERS = 50;
export const INCIDENT_UPDATE_MAX = 2000;

export const statusPageSlug = z
  .string()
  .trim()
  .min(SLUG_MIN, `Addresses are at least ${SLUG_MIN} characters.`)
  .max(SLUG_MAX, `Addresses are at most ${SLUG_MAX} characters.`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i, "Use letters, digits and single hyphens, starting and ending with a letter or digit.");

const serverIds = z
  .array(z.uuid("Choose servers from your list."))
  .min(1, "Choose at least one server.")
  .max(MAX_PAGE_SERVERS, `A page lists at most ${MAX_PAGE_SERVERS} servers.`)
  .refine((ids) => new Set(ids).size === ids.length, "A server is listed twice.");

const statusPageFields = z.object({
  slug: statusPageSlug,
  title: z.string().trim().min(1, "Enter a title.").max(80, "Titles are at most 80 characters."),
  /** In the order the page lists them. */
  serverIds,
  showUrls: z.boolean(),
  published: z.boolean(),
});

export const statusPageCreate = statusPageFields.extend({
  showUrls: statusPageFields.shape.showUrls.default(false),
  published: statusPageFields.shape.published.default(true),
});
export type StatusPageCreate = z.infer<typeof statusPageCreate>;

/** Only the fields sent change: no defaults here, or a rename would also reset the switches. */
export const statusPageUpdate = statusPageFields.partial();
export type StatusPageUpdate = z.infer<typeof statusPageUpdate>;

export const incidentUpdateCreate = z.object({
  body: z.string().trim().min(1, "Write the update.").max(INCIDENT_UPDATE_MAX, `Updates are at most ${INCIDENT_UPDATE_MAX} characters.`),
});

/** One bar of a server's uptime (a day of 90, or an hour of 24), as the public page shows it: monitoring's bucket without the latency. */
export type PublicBucket = Omit<UptimeBucket, "latency">;

export interface PublicIncident {
  openedAt: string;
  /** What went wrong, in general words: never the raw reason, which can name hosts and addresses. */
  summary: string;
  updates: { body: string; createdAt: string }[];
}

/** An incident of the last 90 days, as the page's history and its feed tell it. */
export interface PublicPastIncident {
  /** The server's name. */
  server: string;
  openedAt: string;
  /** null while it lasts. */
  closedAt: string | null;
  durationSec: number | null;
  summary: string;
  updates: { body: string; createdAt: string }[];
}

export interface PublicServer {
  name: string;
  /** Only when the owner chose to show URLs. */
  url: string | null;
  status: ServerStatus;
  uptimePct: number | null;
  buckets: PublicBucket[];
  openIncidents: PublicIncident[];
  /** A maintenance window is in progress: its failures open no incident. */
  inMaintenance: boolean;
}

/** What /status/{slug} renders: nothing private (no ids, no owner, no headers). */
export interface PublicStatusPage {
  title: string;
  /** Its address, for the feed's link. */
  slug: string;
  /** The uptime shown: 90 days, or 24 hours where the owner's plan keeps no more (Free). */
  uptimeWindow: "24h" | "90d";
  /** Scheduled maintenance not yet over (in progress or upcoming), soonest first. */
  maintenance: PublicMaintenance[];
  /** Maintenance that ended in the last 90 days, latest first. */
  pastMaintenance: PublicMaintenance[];
  /** Incidents of the last 90 days, newest first. */
  history: PublicPastIncident[];
  servers: PublicServer[];
  generatedAt: string;
}
