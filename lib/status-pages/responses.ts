import { z } from "zod";
import { isoTime, serverRef } from "../api-contract/fields";

/** The status pages' answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts; see lib/servers/responses.ts). */

/** A status page as its owner sees it. */
export const statusPageDto = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  published: z.boolean(),
  showUrls: z.boolean(),
  servers: z.array(serverRef),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type StatusPageDto = z.infer<typeof statusPageDto>;

export const statusPageList = z.object({ statusPages: z.array(statusPageDto) });
export type StatusPageList = z.infer<typeof statusPageList>;

export const incidentUpdateDto = z.object({ id: z.string(), body: z.string(), createdAt: isoTime });
export type IncidentUpdateDto = z.infer<typeof incidentUpdateDto>;

export const incidentUpdateList = z.object({ updates: z.array(incidentUpdateDto) });
export type IncidentUpdateList = z.infer<typeof incidentUpdateList>;
